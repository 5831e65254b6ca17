import { Link } from 'react-router-dom';
import './legal.css';

export const TERMS_LAST_MODIFIED = 'Zuletzt geändert: 4. Dezember 2022, 16:15';

const SECTIONS = [
  'Geltungsbereich und Anbieter',
  'Leistungen von Stickwork',
  'Registrierung und Vertragsschluss',
  'Preise und Zahlung',
  'Laufzeit und Kündigung',
  'Widerrufsrecht',
  'Pflichten der Nutzer',
  'Verfügbarkeit und Leistungsstörungen',
  'Haftung',
  'Schlussbestimmungen',
] as const;

const sectionId = (index: number) => `agb-${index + 1}`;
const Heading = ({ index }: { index: number }) => (
  <h2 id={sectionId(index)}>
    § {index + 1} {SECTIONS[index]}
  </h2>
);

export const TermsText = () => (
  <div className="legal" lang="de">
    <p className="legal__updated">{TERMS_LAST_MODIFIED}</p>
    <nav className="legal__toc" aria-label="Inhalt">
      <h2>Inhalt</h2>
      <ol>
        {SECTIONS.map((title, index) => (
          <li key={title}>
            <a href={`#${sectionId(index)}`}>{title}</a>
          </li>
        ))}
      </ol>
    </nav>

    <Heading index={0} />
    <ol>
      <li>
        Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für alle Verträge über die Nutzung der
        Online-Plattform Stickwork zwischen der Stickwork GmbH, Lychener Straße 42, 10437 Berlin (nachfolgend
        „wir“) und ihren Nutzerinnen und Nutzern (nachfolgend „Sie“).
      </li>
      <li>
        Abweichende Bedingungen der Nutzer gelten nicht, es sei denn, wir stimmen ihnen ausdrücklich zu.
      </li>
    </ol>

    <Heading index={1} />
    <ol>
      <li>
        Stickwork ist eine Online-Schlagzeugschule. Auf Grundlage Ihrer Einstufung je Fähigkeit, Ihrer
        gewählten Fähigkeiten und Übungszeit stellen wir Übungseinheiten aus Lektionen mit Notenbild,
        Metronom, Stoppuhr und herunterladbaren Noten zusammen und zeigen Ihren Fortschritt an.
      </li>
      <li>
        Im kostenlosen Tarif (Freemium) stehen Ihnen drei Lektionen pro Tag zur Verfügung. Die
        kostenpflichtigen Tarife Basic, Premium und Exclusive heben diese Grenze auf; ihr Umfang ergibt sich
        aus der <Link to="/pricing">Preisübersicht</Link> zum Zeitpunkt des Vertragsschlusses.
      </li>
      <li>
        Stickwork befindet sich in einer Beta-Phase. Wir entwickeln die Plattform laufend weiter und dürfen
        Funktionen ändern, soweit der vertraglich vereinbarte Kern der Leistung erhalten bleibt und die
        Änderung für Sie zumutbar ist.
      </li>
    </ol>

    <Heading index={2} />
    <ol>
      <li>
        Die Nutzung setzt ein Nutzerkonto voraus. Bei der Registrierung sind Ihre Angaben wahrheitsgemäß zu
        machen. Die Zugangsdaten sind geheim zu halten; ein Konto ist nicht übertragbar.
      </li>
      <li>
        Sie müssen mindestens 18 Jahre alt sein. Jugendliche ab 14 Jahren dürfen Stickwork mit Zustimmung
        ihrer Erziehungsberechtigten nutzen.
      </li>
      <li>
        Die Darstellung der Tarife auf unserer Website ist kein bindendes Angebot. Mit Abschluss der
        Registrierung bzw. der Bestellung eines Abonnements geben Sie ein Angebot ab; der Vertrag kommt mit
        unserer Bestätigung per E-Mail oder mit der Freischaltung des Zugangs zustande. Wir können ein Angebot
        ohne Angabe von Gründen ablehnen.
      </li>
    </ol>

    <Heading index={3} />
    <ol>
      <li>
        Es gelten die bei Bestellung angegebenen Preise. Alle Preise enthalten die gesetzliche Umsatzsteuer.
      </li>
      <li>
        Die Zahlung erfolgt per Kreditkarte, SEPA-Lastschrift, Google Pay oder Apple Pay über unseren
        Kartenzahlungsdienstleister. Das Entgelt ist jeweils zu Beginn eines Abrechnungszeitraums im Voraus
        fällig.
      </li>
      <li>
        Gerät Ihre Zahlung in Verzug, etwa weil eine Lastschrift zurückgegeben wird, dürfen wir den Zugang zu
        den kostenpflichtigen Leistungen bis zum Ausgleich sperren und den Vertrag aus wichtigem Grund
        kündigen.
      </li>
    </ol>

    <Heading index={4} />
    <ol>
      <li>
        Das Abonnement wird monatlich abgeschlossen; die Mindestlaufzeit beträgt einen Monat. Es verlängert
        sich jeweils um einen weiteren Monat, wenn es nicht gekündigt wird. Für jährlich abgerechnete Tarife
        gilt der jeweils angegebene Abrechnungszeitraum entsprechend.
      </li>
      <li>
        Sie können jederzeit zum Ende des laufenden Monats kündigen, und zwar über die Kontoeinstellungen auf
        der Website. Bis zum Ende des Zeitraums bleiben die bezahlten Leistungen nutzbar; danach gilt der
        kostenlose Tarif.
      </li>
      <li>Bereits gezahlte Entgelte werden bei einer Kündigung nicht anteilig erstattet.</li>
      <li>
        Löschen Sie Ihr Nutzerkonto, gilt dies zugleich als Kündigung des Abonnements zum Ende des laufenden
        Monats.
      </li>
      <li>Das Recht beider Seiten zur außerordentlichen Kündigung aus wichtigem Grund bleibt unberührt.</li>
    </ol>

    <Heading index={5} />
    <p>
      Verbraucherinnen und Verbraucher haben ein vierzehntägiges Widerrufsrecht. Sie können Ihre
      Vertragserklärung innerhalb von 14 Tagen ab Vertragsschluss ohne Angabe von Gründen widerrufen. Zur
      Wahrung der Frist genügt die rechtzeitige Absendung einer eindeutigen Erklärung, zum Beispiel per E-Mail
      an <a href="mailto:hello@stickwork.de">hello@stickwork.de</a>. Im Fall eines wirksamen Widerrufs
      erstatten wir alle Zahlungen, die wir von Ihnen erhalten haben, unverzüglich und spätestens binnen 14
      Tagen über dasselbe Zahlungsmittel. Haben Sie verlangt, dass die Leistung während der Widerrufsfrist
      beginnt, zahlen Sie einen angemessenen Betrag für den bis zum Widerruf erbrachten Teil der Leistung.
    </p>

    <Heading index={6} />
    <ol>
      <li>
        Die Inhalte von Stickwork sind ausschließlich für Ihren persönlichen, nicht kommerziellen Gebrauch
        bestimmt. Videos und Notenblätter dürfen nicht weitergegeben, öffentlich vorgeführt oder verkauft
        werden.
      </li>
      <li>
        Sie dürfen die Plattform nicht missbräuchlich nutzen, insbesondere keine automatisierten Abrufe
        durchführen und keine Sicherheitsmaßnahmen umgehen.
      </li>
      <li>Üben Sie in einer Lautstärke und Umgebung, die Ihre Gesundheit und Ihre Nachbarn schont.</li>
    </ol>

    <Heading index={7} />
    <ol>
      <li>
        Wir bemühen uns um eine ständige Erreichbarkeit der Plattform. Kurzzeitige Unterbrechungen durch
        Wartung oder Störungen außerhalb unseres Einflussbereichs sind möglich.
      </li>
      <li>
        Verzögert sich eine von uns geschuldete Leistung um mehr als vier Wochen, können Sie den Vertrag
        außerordentlich kündigen. Für den Zeitraum der Verzögerung bereits gezahlte Entgelte erstatten wir.
      </li>
    </ol>

    <Heading index={8} />
    <ol>
      <li>
        Wir haften unbeschränkt für Vorsatz und grobe Fahrlässigkeit sowie für Schäden aus der Verletzung von
        Leben, Körper oder Gesundheit.
      </li>
      <li>
        Bei leichter Fahrlässigkeit haften wir nur für die Verletzung wesentlicher Vertragspflichten und
        begrenzt auf den vertragstypischen, vorhersehbaren Schaden.
      </li>
      <li>Die Haftung nach dem Produkthaftungsgesetz bleibt unberührt.</li>
    </ol>

    <Heading index={9} />
    <ol>
      <li>
        Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Gegenüber
        Verbraucherinnen und Verbrauchern gilt diese Rechtswahl nur, soweit nicht zwingende Bestimmungen des
        Staates ihres gewöhnlichen Aufenthalts entgegenstehen.
      </li>
      <li>
        Wie wir mit Ihren Daten umgehen, beschreibt unsere{' '}
        <Link to="/privacy-policy">Datenschutzerklärung</Link>.
      </li>
      <li>
        Sollte eine Bestimmung dieser AGB unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen
        unberührt.
      </li>
    </ol>
  </div>
);
