import { OperatorAddress } from './operator';
import './legal.css';

export const ImpressumText = () => (
  <div className="legal" lang="de">
    <h2>Angaben gemäß § 5 DDG</h2>
    <OperatorAddress />

    <h2>Vertreten durch</h2>
    <p>Die Geschäftsführer Jonas Reiter und Lea Sommer.</p>

    <h2>Registereintrag</h2>
    <p>
      Eingetragen im Handelsregister des Amtsgerichts Berlin-Charlottenburg unter HRB 245871 B.
      <br />
      Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: DE341876529
    </p>

    <h2>Kontakt</h2>
    <p>
      Am schnellsten erreichen Sie uns per E-Mail an{' '}
      <a href="mailto:hello@stickwork.de">hello@stickwork.de</a>. Wir beantworten Anfragen in der Regel
      innerhalb von zwei Werktagen.
    </p>

    <h2>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h2>
    <p>Jonas Reiter, Anschrift wie oben.</p>

    <h2>EU-Streitschlichtung</h2>
    <p>
      Die Europäische Kommission stellt eine Plattform zur Online-Streitbeilegung (OS) bereit:{' '}
      <a href="https://ec.europa.eu/consumers/odr/" target="_blank" rel="noopener noreferrer">
        https://ec.europa.eu/consumers/odr/
      </a>
      . Unsere E-Mail-Adresse finden Sie oben im Impressum.
    </p>
    <h3>Verbraucherstreitbeilegung / Universalschlichtungsstelle</h3>
    <p>
      Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer
      Verbraucherschlichtungsstelle teilzunehmen.
    </p>

    <h2>Haftung für Inhalte</h2>
    <p>
      Als Diensteanbieter sind wir für eigene Inhalte auf diesen Seiten nach den allgemeinen Gesetzen
      verantwortlich. Wir sind jedoch nicht verpflichtet, übermittelte oder gespeicherte fremde Informationen
      zu überwachen oder nach Umständen zu forschen, die auf eine rechtswidrige Tätigkeit hinweisen.
      Verpflichtungen zur Entfernung oder Sperrung der Nutzung von Informationen nach den allgemeinen Gesetzen
      bleiben hiervon unberührt. Eine diesbezügliche Haftung ist erst ab dem Zeitpunkt der Kenntnis einer
      konkreten Rechtsverletzung möglich. Sobald uns entsprechende Rechtsverletzungen bekannt werden,
      entfernen wir diese Inhalte umgehend.
    </p>

    <h2>Haftung für Links</h2>
    <p>
      Unser Angebot enthält Links zu externen Websites Dritter, etwa zu unseren Profilen in sozialen
      Netzwerken, auf deren Inhalte wir keinen Einfluss haben. Für die Inhalte der verlinkten Seiten ist stets
      der jeweilige Anbieter oder Betreiber verantwortlich. Die verlinkten Seiten wurden zum Zeitpunkt der
      Verlinkung auf mögliche Rechtsverstöße überprüft; rechtswidrige Inhalte waren nicht erkennbar. Bei
      Bekanntwerden von Rechtsverletzungen entfernen wir derartige Links umgehend.
    </p>

    <h2>Urheberrecht</h2>
    <p>
      Die Übungen, Videos, Notenblätter und Texte auf Stickwork wurden von uns erstellt und unterliegen dem
      deutschen Urheberrecht. Vervielfältigung, Bearbeitung, Verbreitung und jede Art der Verwertung außerhalb
      der Grenzen des Urheberrechts bedürfen unserer schriftlichen Zustimmung. Downloads und Kopien sind nur
      für den privaten, nicht kommerziellen Gebrauch im Rahmen Ihres Abonnements gestattet.
    </p>
  </div>
);
