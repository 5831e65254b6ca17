import { Link } from 'react-router-dom';
import { OperatorAddress } from './operator';
import './legal.css';

export const PrivacyText = () => (
  <div className="legal" lang="de">
    <h2>1. Verantwortlicher</h2>
    <p>Verantwortlich für die Verarbeitung Ihrer personenbezogenen Daten auf stickwork.de ist:</p>
    <OperatorAddress />
    <p>
      Bei allen Fragen zum Datenschutz erreichen Sie uns unter der oben genannten E-Mail-Adresse mit dem
      Betreff „Datenschutz“.
    </p>

    <h2>2. Überblick</h2>
    <p>
      Stickwork ist eine Online-Schlagzeugschule. Wir verarbeiten nur die Daten, die wir brauchen, um Ihnen
      Übungseinheiten zusammenzustellen, Ihren Fortschritt anzuzeigen, Ihr Abonnement abzurechnen und mit
      Ihnen in Kontakt zu bleiben. Wir verkaufen keine Daten und setzen keine Werbe-Cookies ein.
    </p>

    <h2>3. Hosting</h2>
    <p>
      Unsere Anwendung und unsere Datenbanken werden bei einem Hosting-Anbieter in Rechenzentren in Frankfurt
      am Main (Deutschland) betrieben. Dabei werden beim Aufruf der Seite technisch notwendige Daten
      verarbeitet (IP-Adresse, Datum und Uhrzeit, aufgerufene Seite, Browsertyp). Rechtsgrundlage ist Art. 6
      Abs. 1 lit. f DSGVO; unser berechtigtes Interesse liegt im sicheren und stabilen Betrieb. Mit dem
      Anbieter besteht ein Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO.
    </p>

    <h2>4. Nutzerkonto und Übungsdaten</h2>
    <p>
      Für Ihr Konto speichern wir Vorname, Nachname, Land, E-Mail-Adresse und ein verschlüsseltes (gehashtes)
      Passwort sowie den Zeitpunkt Ihrer Zustimmung zu den AGB. Für Ihre Übungseinheiten speichern wir Ihre
      Einstufungen je Fähigkeit, Ihre gewählten Fähigkeiten und Übungszeiten, Ihre Bewertungen der Lektionen
      und Ihre Übungsaktivität. Rechtsgrundlage ist die Erfüllung des Vertrags (Art. 6 Abs. 1 lit. b DSGVO).
      Wenn Sie Ihr Konto löschen, löschen wir Ihre personenbezogenen Daten; gesetzliche Aufbewahrungspflichten
      für Rechnungsdaten bleiben unberührt.
    </p>
    <p>
      Wenn Sie den Timing-Coach mit dem Mikrofon nutzen, wird das Mikrofonsignal nur in Ihrem Browser
      ausgewertet; an uns übertragen wird nur das Ergebnis eines Durchgangs (Genauigkeit, Abweichungen,
      Tempo), nie der Ton. Die Aufnahmen Ihrer Durchgänge zum Anhören („Hear yourself“, die letzten drei je
      Lektion) speichert nur Ihr Browser auf Ihrem Gerät; sie werden nie hochgeladen. Sie löschen sie mit
      „Delete all my recordings“ oder mit den Website-Daten Ihres Browsers. Da sie uns nie erreichen, löscht
      die Löschung Ihres Kontos sie nicht.
    </p>

    <h2>5. Zahlungsabwicklung</h2>
    <p>
      Zahlungen per Kreditkarte, SEPA-Lastschrift, Google Pay oder Apple Pay wickeln wir über einen
      Kartenzahlungsdienstleister (Stripe) ab. Ihre Zahlungsdaten geben Sie direkt beim Zahlungsdienstleister
      ein; wir erhalten sie nicht. Der Dienstleister setzt Cookies, die für eine sichere Zahlung und zur
      Betrugsvermeidung erforderlich sind. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. Soweit dabei Daten
      in die USA übertragen werden, geschieht dies auf Grundlage des EU-US Data Privacy Framework bzw. der
      Standardvertragsklauseln der EU-Kommission.
    </p>

    <h2>6. Videos</h2>
    <p>
      Unsere Lektionsvideos liegen bei einem Video-Hosting-Dienst (Vimeo). Die Videos werden mit der Option
      „Do Not Track“ eingebunden und erst geladen, wenn Sie funktionalen Cookies zugestimmt oder das Video
      einzeln freigegeben haben. Beim Abspielen erhält der Dienst Ihre IP-Adresse und technische Informationen
      über Ihr Gerät. Rechtsgrundlage ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG).
    </p>

    <h2>7. E-Mail-Versand</h2>
    <p>
      Für Bestätigungs-, Passwort- und Vertrags-E-Mails nutzen wir einen E-Mail-Versanddienstleister mit
      Servern in der EU, mit dem ein Vertrag zur Auftragsverarbeitung besteht. Verarbeitet werden Ihre
      E-Mail-Adresse, Ihr Vorname und der Inhalt der Nachricht. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b
      DSGVO.
    </p>

    <h2>8. Newsletter</h2>
    <p>
      Wenn Sie unseren Newsletter abonnieren, verarbeitet unser Newsletter-Dienstleister (ein Anbieter für
      E-Mail-Marketing) Ihre E-Mail-Adresse. Sie erhalten zunächst eine E-Mail, in der Sie das Abonnement
      bestätigen (Double-Opt-in). Sie können den Newsletter jederzeit über den Link in jeder Ausgabe
      abbestellen. Rechtsgrundlage ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO).
    </p>

    <h2>9. Analyse</h2>
    <p>
      Nur wenn Sie Marketing-Cookies zustimmen, nutzen wir einen Analysedienst (Google Analytics), um zu
      verstehen, wie Besucherinnen und Besucher Stickwork nutzen, etwa wie viele die Startseite besuchen oder
      eine Registrierung beginnen. IP-Adressen werden dabei gekürzt. Ohne Ihre Einwilligung werden keine
      Analyse-Ereignisse gesendet. Rechtsgrundlage ist Art. 6 Abs. 1 lit. a DSGVO.
    </p>

    <h2>10. Cookies</h2>
    <p>Wir verwenden drei Arten von Cookies:</p>
    <ul>
      <li>
        <strong>Essenzielle Cookies</strong>: unser Login-Cookie (auth-token), das Cookie, das Ihre
        Cookie-Einstellungen speichert (gdpr-cookie, ein Jahr), und die Cookies des Zahlungsdienstleisters.
        Ohne sie funktioniert die Seite nicht.
      </li>
      <li>
        <strong>Funktionale Cookies</strong>: Cookies des Video-Hosting-Dienstes zum Abspielen der Lektionen.
      </li>
      <li>
        <strong>Performance-Cookies</strong>: Cookies des Analysedienstes zur anonymisierten
        Reichweitenmessung.
      </li>
    </ul>
    <p>
      Werbe-Cookies setzen wir nicht ein. Cookies werden höchstens zwei Jahre gespeichert. Ihre Auswahl können
      Sie jederzeit über „Cookie preferences“ im Fußbereich der Seite ändern; sie gilt für das jeweilige
      Gerät.
    </p>

    <h2>11. Datensicherung</h2>
    <p>
      Zum Schutz vor Datenverlust erstellen wir regelmäßig verschlüsselte Sicherungskopien. Sicherungen werden
      höchstens 30 Tage aufbewahrt und danach automatisch überschrieben; gelöschte Daten verschwinden damit
      spätestens nach 30 Tagen auch aus den Sicherungen.
    </p>

    <h2>12. Ihre Rechte</h2>
    <p>
      Sie haben das Recht auf Auskunft (Art. 15 DSGVO), Berichtigung (Art. 16), Löschung (Art. 17),
      Einschränkung der Verarbeitung (Art. 18), Datenübertragbarkeit (Art. 20) und Widerspruch (Art. 21). Eine
      erteilte Einwilligung können Sie jederzeit mit Wirkung für die Zukunft widerrufen. Außerdem können Sie
      sich bei einer Datenschutz-Aufsichtsbehörde beschweren, zum Beispiel bei der Berliner Beauftragten für
      Datenschutz und Informationsfreiheit (Art. 77 DSGVO).
    </p>
    <p>
      Weitere Informationen zum Vertrag finden Sie in unseren <Link to="/terms-and-conditions">AGB</Link>,
      unsere Kontaktdaten im <Link to="/impressum">Impressum</Link>.
    </p>
  </div>
);
