'use strict';

// Dutch seed content for an empty database. Dates are relative to `now` so that the programme
// always has past and upcoming events. Media paths (/images, /audio, /files) point at the files
// in cms/seed/public/, which the web app serves from its own origin (see cms/README.md).

const DAY = 24 * 60 * 60 * 1000;

/** yyyy-mm-dd, `days` from now (negative = past). */
const dateOnly = (now, days) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

/** ISO datetime `days` from now at a given local-ish hour (UTC, whole minutes). */
const at = (now, days, hour, minute = 0) => {
  const d = new Date(now.getTime() + days * DAY);
  d.setUTCHours(hour, minute, 0, 0);
  return d.toISOString();
};

const img = (name) => `/images/content/${name}.svg`;

const articles = (now) => [
  {
    slug: 'zo-bepaal-je-een-eerlijk-uurtarief',
    title: 'Zo bepaal je een eerlijk uurtarief',
    summary:
      'Je uurtarief is meer dan een gevoel. Met drie rekenstappen kom je op een tarief dat je vaste lasten, je buffer en je vrije tijd dekt.',
    topics: ['Geld', 'Starten'],
    author: 'Sanne de Vries',
    publishDate: dateOnly(now, -3),
    coverImage: img('uurtarief'),
    coverImageAlt: 'Een rekenmachine naast een stapel munten',
    body: `Veel zelfstandigen kijken bij hun eerste offerte naar wat anderen vragen. Dat is een begin, maar het zegt niets over wat jij nodig hebt.

## Stap 1: wat moet je verdienen?

Tel je privé-uitgaven per jaar op en verhoog dat bedrag met inkomstenbelasting, pensioen en een buffer voor ziekte. Wie in loondienst werkte, kan het oude brutosalaris plus vakantiegeld als ondergrens nemen.

## Stap 2: hoeveel uur kun je declareren?

Een jaar telt zo'n 1.800 werkbare uren, maar niet elk uur is declarabel. Acquisitie, administratie, scholing en vakantie tellen mee. Reken met **1.000 tot 1.200 declarabele uren** als je net begint.

## Stap 3: deel en toets

Deel het bedrag uit stap 1 door de uren uit stap 2. Leg de uitkomst daarna naast wat opdrachtgevers in jouw vak gewend zijn. Zit je eronder, dan heb je ruimte; zit je er ver boven, kijk dan wat jouw werk onderscheidt.

> Tip: rond niet af naar beneden omdat het "netter" klinkt. Een tarief van 87 euro is net zo geloofwaardig als 85.

Praat erover in de community: leden delen daar geregeld hoe zij hun tarief opbouwen.`,
  },
  {
    slug: 'pensioen-opbouwen-als-zelfstandige',
    title: 'Pensioen opbouwen als zelfstandige: vijf routes op een rij',
    summary:
      'Geen werkgever die voor je spaart. Dit zijn de vijf meest gekozen manieren om als zelfstandige toch pensioen op te bouwen.',
    topics: ['Geld', 'Toekomst'],
    author: 'Mehmet Yilmaz',
    publishDate: dateOnly(now, -10),
    coverImage: img('pensioen'),
    coverImageAlt: 'Een spaarpot met een groeiende plant',
    body: `Als zelfstandige bouw je alleen AOW op. Wil je na je pensioen meer te besteden hebben, dan regel je dat zelf.

1. **Lijfrenterekening** bij een bank: je stort en trekt de inleg binnen de jaarruimte af van je inkomen.
2. **Lijfrenteverzekering**: hetzelfde fiscale voordeel, met een gegarandeerd of belegd eindbedrag.
3. **Vrijwillig pensioenfonds** voor je beroepsgroep, als dat bestaat.
4. **Beleggen in box 3**: flexibel opneembaar, maar zonder aftrek.
5. **Eigen woning aflossen**: lagere woonlasten later werken als een pensioen.

## Wat past bij jou?

Wie wisselende inkomsten heeft, kiest vaak een combinatie: een vaste maandelijkse inleg op een lijfrenterekening en een extra storting aan het eind van een goed jaar.

Bereken elk jaar je jaarruimte; die verandert met je winst.`,
  },
  {
    slug: 'arbeidsongeschiktheid-wat-als-je-uitvalt',
    title: 'Arbeidsongeschikt: wat als je uitvalt?',
    summary:
      'Een arbeidsongeschiktheidsverzekering is duur, niets regelen is riskanter. We zetten de opties naast elkaar: verzekeren, broodfonds of sparen.',
    topics: ['Zekerheid'],
    author: 'Sanne de Vries',
    publishDate: dateOnly(now, -17),
    coverImage: img('zekerheid'),
    coverImageAlt: 'Een paraplu boven een laptop',
    body: `Ziek worden is voor een zelfstandige ook een financieel probleem. Er is geen werkgever die doorbetaalt.

## Drie manieren om je in te dekken

- **Arbeidsongeschiktheidsverzekering (AOV)**: de meest complete dekking, maar de premie kan oplopen tot honderden euro's per maand. Kijk kritisch naar de wachttijd en het beroepscriterium.
- **Broodfonds**: een groep van 25 tot 50 zelfstandigen die elkaar bij ziekte maximaal twee jaar een schenking geven. Betaalbaar en persoonlijk.
- **Zelf sparen**: een buffer van zes tot twaalf maanden vaste lasten. Geschikt voor korte uitval, niet voor langdurige.

## Wat kiezen leden van Kring?

In ons ledenonderzoek gaf ruim een derde aan in een broodfonds te zitten. Bijna de helft combineert een buffer met een verzekering met lange wachttijd.

Twijfel je? Stel je vraag in de community: er zijn leden die je graag vertellen hoe hun broodfonds werkt.`,
  },
  {
    slug: 'de-eerste-opdrachtgever-vinden',
    title: 'Je eerste opdrachtgever vinden zonder koude acquisitie',
    summary:
      'Bellen naar onbekenden is niet nodig. De eerste opdrachten komen meestal uit je eigen netwerk, als je ze op de juiste manier vraagt.',
    topics: ['Starten', 'Netwerken'],
    author: 'Lotte Jansen',
    publishDate: dateOnly(now, -24),
    coverImage: img('netwerk'),
    coverImageAlt: 'Verbonden stippen die een netwerk vormen',
    body: `De meeste zelfstandigen vinden hun eerste opdracht via iemand die ze al kennen: een oud-collega, een oud-leidinggevende of een klant van een vorige werkgever.

## Maak een lijst van vijftig mensen

Schrijf iedereen op met wie je de afgelopen vijf jaar prettig hebt samengewerkt. Niet alleen beslissers: ook collega's die nu ergens anders werken.

## Vraag om advies, niet om werk

"Ik ben voor mezelf begonnen als interim-projectleider. Bij wie zou jij aankloppen als je in mijn schoenen stond?" Zo'n vraag voelt licht en levert verrassend vaak een introductie op.

## Volg binnen een week op

Stuur na elk gesprek een kort bericht met dank en één concrete vervolgstap. Wie opvolgt, blijft in beeld.`,
  },
  {
    slug: 'grenzen-stellen-bij-scope-creep',
    title: 'Nee zeggen tegen meerwerk: grenzen stellen bij scope creep',
    summary:
      '"Kun je er nog even naar kijken?" Kleine extra verzoeken tellen op. Zo bespreek je meerwerk zonder de relatie met je opdrachtgever te schaden.',
    topics: ['Opdrachten'],
    author: 'Daan Bakker',
    publishDate: dateOnly(now, -31),
    coverImage: img('grenzen'),
    coverImageAlt: 'Een afgebakend vak op een plattegrond',
    body: `Scope creep begint zelden met een groot verzoek. Het zijn de kleine dingen die je "even" meeneemt.

## Leg vooraf vast wat je levert

Beschrijf in je offerte niet alleen wat je doet, maar ook wat je **niet** doet. Noem het aantal feedbackrondes.

## Benoem meerwerk meteen

"Goed idee. Dit valt buiten wat we hebben afgesproken; ik stuur je vandaag een aanvulling op de offerte." Vriendelijk en zakelijk tegelijk.

## Houd een logboek bij

Noteer extra verzoeken met datum. Bij de evaluatie heb je dan een feitelijk gesprek in plaats van een gevoel.`,
  },
  {
    slug: 'btw-aangifte-zonder-stress',
    title: 'Btw-aangifte zonder stress: een kwartaalritme dat werkt',
    summary:
      'Met een vast moment per maand voor je administratie is de btw-aangifte aan het eind van het kwartaal een klus van een half uur.',
    topics: ['Geld', 'Administratie'],
    author: 'Mehmet Yilmaz',
    publishDate: dateOnly(now, -38),
    coverImage: img('administratie'),
    coverImageAlt: 'Een kalender met drie omcirkelde data',
    body: `De aangifte omzetbelasting doe je meestal per kwartaal. Wie alles tot de laatste week laat liggen, zoekt zich suf naar bonnetjes.

## Elke maand een uur

Plan in de eerste week van de maand een vast uur: facturen versturen, bonnetjes uploaden, banktransacties koppelen.

## Zet btw apart

Maak een aparte spaarrekening en zet bij elke betaalde factuur het btw-bedrag direct over. Dat geld is nooit van jou geweest.

## Controleer voor je indient

Vergelijk de btw op je facturen met je boekhouding. Kleine verschillen ontstaan vaak door creditnota's of een factuur in het verkeerde kwartaal.`,
  },
  {
    slug: 'samenwerken-in-een-collectief',
    title: 'Samenwerken in een collectief: zo houd je het licht',
    summary:
      'Samen een grotere opdracht aannemen is aantrekkelijk. Duidelijke afspraken over geld, rollen en uitstappen voorkomen later gedoe.',
    topics: ['Netwerken', 'Samenwerken'],
    author: 'Lotte Jansen',
    publishDate: dateOnly(now, -45),
    coverImage: img('samenwerken'),
    coverImageAlt: 'Drie cirkels die elkaar overlappen',
    body: `Steeds meer zelfstandigen werken samen in een collectief: een vaste groep die opdrachten deelt en elkaar aanvult.

## Spreek af wie het aanspreekpunt is

De opdrachtgever wil één naam. Spreek per opdracht af wie dat is en wie factureert.

## Maak geld bespreekbaar

Werk je met een vaste verdeling, of krijgt wie de opdracht binnenhaalt een fee? Leg het vast voordat de eerste factuur de deur uitgaat.

## Regel hoe je uitstapt

Een collectief verandert. Spreek af hoe lopende opdrachten worden afgerond als iemand stopt.`,
  },
  {
    slug: 'overwerkt-herken-de-signalen',
    title: 'Overwerkt? Herken de signalen op tijd',
    summary:
      'Zelfstandigen werken gemiddeld meer uren dan werknemers. Wie de vroege signalen van overbelasting kent, kan op tijd bijsturen.',
    topics: ['Welzijn'],
    author: 'Fatima El Amrani',
    publishDate: dateOnly(now, -52),
    coverImage: img('welzijn'),
    coverImageAlt: 'Een kop thee naast een dichtgeklapte laptop',
    body: `Als zelfstandige is er altijd nog iets te doen. Juist daarom is het belangrijk om signalen van overbelasting serieus te nemen.

## Vroege signalen

- Je slaapt slecht of wordt 's nachts wakker met een takenlijst in je hoofd.
- Je stelt kleine klussen uit die normaal vanzelf gaan.
- Je zegt af bij vrienden omdat je "nog even moet werken".

## Wat helpt

Plan vrije tijd zoals je een klantafspraak plant. Praat met andere zelfstandigen: herkenning werkt. En zoek hulp bij je huisarts als de klachten blijven.

In de community is een kanaal waar leden elkaar hierover spreken, zonder oordeel.`,
  },
  {
    slug: 'algemene-voorwaarden-opstellen',
    title: 'Algemene voorwaarden: waarom je ze nodig hebt en wat erin staat',
    summary:
      'Betalingstermijn, aansprakelijkheid, annulering: met goede algemene voorwaarden hoef je niet per opdracht opnieuw te onderhandelen.',
    topics: ['Administratie', 'Opdrachten'],
    author: 'Daan Bakker',
    publishDate: dateOnly(now, -66),
    coverImage: img('voorwaarden'),
    coverImageAlt: 'Een document met een vinkje',
    body: `Algemene voorwaarden regelen de standaardafspraken tussen jou en je opdrachtgever.

## Wat er minimaal in hoort

- **Betalingstermijn** en wat er gebeurt bij te late betaling.
- **Aansprakelijkheid**: beperk die tot het factuurbedrag of je verzekerde som.
- **Annulering**: wat betaalt een opdrachtgever als een opdracht kort van tevoren vervalt?
- **Intellectueel eigendom**: van wie is wat je maakt?

## Zorg dat ze ook gelden

Stuur je voorwaarden mee vóór of bij het sluiten van de overeenkomst en verwijs ernaar in je offerte. Alleen een link onderaan je factuur is te laat.`,
  },
];

const draftArticle = (now) => ({
  slug: 'concept-artikel-niet-publiek',
  title: 'Concept: nieuwe regels voor zelfstandigen (niet publiek)',
  summary: 'Dit artikel is een concept en mag nooit op de site verschijnen.',
  topics: ['Concept'],
  author: 'Redactie Kring',
  publishDate: dateOnly(now, 7),
  coverImage: img('concept'),
  coverImageAlt: 'Een potlood op een leeg vel papier',
  body: 'Deze tekst is nog in bewerking bij de redactie.',
});

const events = (now) => [
  {
    slug: 'netwerkborrel-utrecht',
    title: 'Netwerkborrel Utrecht',
    startsAt: at(now, -45, 16, 30),
    endsAt: at(now, -45, 19, 0),
    location: 'Kringhuis, Lange Kringstraat 12, Utrecht',
    description: `Een informele borrel voor leden en introducés. Geen pitches, wel goede gesprekken.

- Inloop vanaf half zes
- Korte welkomstwoord door de community-manager
- Hapjes en drankjes van het huis`,
    registrationUrl: null,
    coverImage: img('borrel'),
    coverImageAlt: 'Glazen die worden geheven',
  },
  {
    slug: 'webinar-je-jaarcijfers-op-orde',
    title: 'Webinar: je jaarcijfers op orde',
    startsAt: at(now, -12, 18, 0),
    endsAt: at(now, -12, 19, 0),
    location: 'Online',
    description: `Boekhouder Mehmet Yilmaz laat zien hoe je je jaarcijfers voorbereidt voor de aangifte inkomstenbelasting.

De opname staat in de community voor leden.`,
    registrationUrl: null,
    coverImage: img('administratie'),
    coverImageAlt: 'Een kalender met drie omcirkelde data',
  },
  {
    slug: 'workshop-tarieven-onderhandelen',
    title: 'Workshop: tarieven onderhandelen',
    startsAt: at(now, 9, 13, 0),
    endsAt: at(now, 9, 16, 30),
    location: 'Kringhuis, Lange Kringstraat 12, Utrecht',
    description: `In deze praktische workshop oefen je het tariefgesprek met andere zelfstandigen.

## Wat je leert

- Je tarief onderbouwen zonder je te verontschuldigen
- Reageren op "dat vinden we te duur"
- Wanneer je beter kunt weglopen

Maximaal 16 deelnemers.`,
    registrationUrl: 'https://kring.example/aanmelden/workshop-tarieven-onderhandelen',
    coverImage: img('uurtarief'),
    coverImageAlt: 'Een rekenmachine naast een stapel munten',
  },
  {
    slug: 'online-koffie-uur-voor-starters',
    title: 'Online koffie-uur voor starters',
    startsAt: at(now, 20, 8, 30),
    endsAt: at(now, 20, 9, 30),
    location: 'Online',
    description:
      'Net begonnen als zelfstandige? Schuif aan bij het maandelijkse koffie-uur en stel je vragen aan leden die al langer ondernemen.',
    registrationUrl: 'https://kring.example/aanmelden/online-koffie-uur-voor-starters',
    coverImage: img('netwerk'),
    coverImageAlt: 'Verbonden stippen die een netwerk vormen',
  },
  {
    slug: 'kring-ledendag',
    title: 'Kring Ledendag',
    startsAt: at(now, 60, 8, 0),
    endsAt: at(now, 60, 16, 0),
    location: 'Kringhuis, Lange Kringstraat 12, Utrecht',
    description: `Eén dag per jaar komen alle leden samen. Met een keynote, workshops in kleine groepen en de presentatie van het nieuwe ledenonderzoek.

Lunch is inbegrepen. Laat bij je aanmelding weten of je dieetwensen hebt.`,
    registrationUrl: 'https://kring.example/aanmelden/kring-ledendag',
    coverImage: img('samenwerken'),
    coverImageAlt: 'Drie cirkels die elkaar overlappen',
  },
];

const AUDIO = '/audio/kringgesprekken-fragment.wav';

const podcasts = (now) => [
  {
    slug: 'van-loondienst-naar-eigen-baas',
    title: 'Van loondienst naar eigen baas',
    episodeNumber: 1,
    audioUrl: AUDIO,
    durationSeconds: 1980,
    publishDate: dateOnly(now, -70),
    coverImage: img('podcast'),
    coverImageAlt: 'Een microfoon met geluidsgolven',
    showNotes: `Lotte Jansen praat met drie leden over de stap uit loondienst. Wat viel mee, wat viel tegen, en wat hadden ze eerder willen weten?

**In deze aflevering**
- Het moment van opzeggen
- De eerste drie maanden zonder vast inkomen
- Waarom een buffer rust geeft`,
  },
  {
    slug: 'geld-praten-tarieven-buffers-en-belasting',
    title: 'Geld praten: tarieven, buffers en belasting',
    episodeNumber: 2,
    audioUrl: AUDIO,
    durationSeconds: 2460,
    publishDate: dateOnly(now, -49),
    coverImage: img('podcast'),
    coverImageAlt: 'Een microfoon met geluidsgolven',
    showNotes: `Boekhouder Mehmet Yilmaz beantwoordt vragen van leden over geld. Hoeveel zet je opzij voor de belasting? En hoe groot moet je buffer zijn?

Lees ook het artikel [Zo bepaal je een eerlijk uurtarief](/kennisbank/zo-bepaal-je-een-eerlijk-uurtarief).`,
  },
  {
    slug: 'eenzaam-ondernemen-bestaat-niet',
    title: 'Eenzaam ondernemen bestaat niet',
    episodeNumber: 3,
    audioUrl: AUDIO,
    durationSeconds: 2115,
    publishDate: dateOnly(now, -28),
    coverImage: img('podcast'),
    coverImageAlt: 'Een microfoon met geluidsgolven',
    showNotes: `Fatima El Amrani onderzoekt eenzaamheid onder zelfstandigen. Ze vertelt wat haar opviel en wat helpt: van vaste werkplekken tot intervisiegroepen.`,
  },
  {
    slug: 'nee-is-ook-een-antwoord',
    title: 'Nee is ook een antwoord',
    episodeNumber: 4,
    audioUrl: AUDIO,
    durationSeconds: 2700,
    publishDate: dateOnly(now, -7),
    coverImage: img('podcast'),
    coverImageAlt: 'Een microfoon met geluidsgolven',
    showNotes: `Daan Bakker over grenzen stellen: meerwerk, te krappe deadlines en opdrachten die niet bij je passen. Met praktische zinnen die je morgen kunt gebruiken.`,
  },
];

const researches = (now) => [
  {
    slug: 'kring-monitor-inkomen-en-zekerheid',
    title: 'Kring-monitor: inkomen en zekerheid van zelfstandigen',
    summary:
      'Hoe staan zelfstandigen er financieel voor? Een enquête onder 1.214 leden over inkomen, buffers, pensioen en verzekeringen.',
    publishDate: dateOnly(now, -20),
    pdfUrl: '/files/kring-monitor-inkomen-en-zekerheid.pdf',
    externalUrl: null,
    coverImage: img('onderzoek'),
    coverImageAlt: 'Een staafdiagram met een stijgende lijn',
    body: `## Belangrijkste uitkomsten

- 62% van de leden heeft een buffer van minimaal drie maanden vaste lasten.
- 37% zit in een broodfonds; 29% heeft een arbeidsongeschiktheidsverzekering.
- Minder dan de helft bouwt structureel pensioen op.

## Aanbevelingen

Leden vragen vooral om praktische hulp bij pensioen en om voorbeeldberekeningen voor hun tarief. Kring neemt dit mee in het programma van komend jaar.

Het volledige rapport staat in de pdf.`,
  },
  {
    slug: 'wat-zelfstandigen-nodig-hebben-van-een-community',
    title: 'Wat zelfstandigen nodig hebben van een community',
    summary:
      'Kwalitatief onderzoek met twintig diepte-interviews: waarom sluiten zelfstandigen zich aan bij een community, en wat houdt ze er?',
    publishDate: dateOnly(now, -75),
    pdfUrl: '/files/wat-zelfstandigen-nodig-hebben.pdf',
    externalUrl: null,
    coverImage: img('samenwerken'),
    coverImageAlt: 'Drie cirkels die elkaar overlappen',
    body: `Zelfstandigen zoeken in een community drie dingen: **kennis**, **herkenning** en **opdrachten**.

De geïnterviewden waarderen vooral de snelle antwoorden van vakgenoten en het gevoel er niet alleen voor te staan. Opdrachten via de community zien ze als bonus, niet als reden om lid te worden.`,
  },
  {
    slug: 'literatuurstudie-eenzaamheid-onder-zelfstandigen',
    title: 'Literatuurstudie: eenzaamheid onder zelfstandigen',
    summary:
      'Een overzicht van bestaand onderzoek naar eenzaamheid en werkgerelateerde isolatie bij zelfstandigen, met aanknopingspunten voor beleid.',
    publishDate: dateOnly(now, -130),
    pdfUrl: null,
    externalUrl: 'https://kring.example/onderzoek/eenzaamheid-onder-zelfstandigen',
    coverImage: img('welzijn'),
    coverImageAlt: 'Een kop thee naast een dichtgeklapte laptop',
    body: `Uit de literatuur blijkt dat zelfstandigen zonder vaste werkplek vaker sociale isolatie ervaren dan werknemers.

Interventies die werken: vaste ontmoetingsmomenten, intervisie en gedeelde werkplekken. Fatima El Amrani schreef deze studie in samenwerking met Kring.`,
  },
];

const homepage = {
  title: 'Samen sta je sterker als zelfstandige',
  intro: `Kring is de community voor zelfstandig professionals. Lees artikelen in de **kennisbank**, luister naar de podcast, kom naar een bijeenkomst en stel je vragen aan vakgenoten.`,
  heroImage: img('hero'),
  heroImageAlt: 'Mensen in een kring met elkaar in gesprek',
  callToActionLabel: 'Lid worden',
  callToActionUrl: '/onboarding/personal-details',
  articlesTitle: 'Nieuw in de kennisbank',
  eventsTitle: 'Op het programma',
  podcastsTitle: 'Luister de podcast',
  communityTitle: 'Doe mee met de community',
  communityText:
    'Stel je vraag, deel je ervaring en help andere zelfstandigen verder. Leden praten met elkaar over tarieven, opdrachten, zekerheid en alles daartussen.',
};

const aboutPage = {
  title: 'Over Kring',
  intro:
    'Kring is in 2021 opgericht door vier zelfstandigen die merkten dat ze dezelfde vragen steeds opnieuw alleen beantwoordden.',
  image: img('hero'),
  imageAlt: 'Mensen in een kring met elkaar in gesprek',
  body: `## Onze missie

Zelfstandigen zijn ondernemers, maar geen eilanden. Kring verbindt hen met kennis en met elkaar, zodat niemand het wiel alleen hoeft uit te vinden.

## Wat we doen

- Een **kennisbank** met praktische artikelen
- Een **programma** met bijeenkomsten, online en in Utrecht
- Een **podcast** met verhalen van leden
- **Onderzoek** naar wat zelfstandigen nodig hebben
- Een **community** waar leden elkaar helpen

## Het team

Kring wordt gerund door een klein team en tientallen vrijwillige leden. Heb je een vraag of idee? Mail naar [hallo@kring.example](mailto:hallo@kring.example).

## Privacy

We gebruiken je gegevens alleen om je lidmaatschap en de community mogelijk te maken. We verkopen niets door.

## Voorwaarden

Het lidmaatschap loopt per maand en is maandelijks opzegbaar via je accountpagina.

## Cookies

We plaatsen alleen analytische cookies als je daar toestemming voor geeft.`,
};

const siteMeta = {
  title: 'Kring',
  description:
    'Kring is de community voor zelfstandig professionals: kennis, programma, podcast en een plek om elkaar te helpen.',
  address: 'Lange Kringstraat 12',
  postalCode: '3512 AB Utrecht',
};

const navigation = {
  primary: {
    home: 'Home',
    aboutUs: 'Over ons',
    events: 'Programma',
    articles: 'Kennisbank',
    research: 'Onderzoeken',
    podcasts: 'Podcasts',
    community: 'Community',
  },
  secondaryMenu: [
    { label: 'Lid worden', url: '/onboarding/personal-details' },
    { label: 'Contact', url: 'mailto:hallo@kring.example' },
  ],
  secondaryFooter: [
    { label: 'Privacyverklaring', url: '/over-ons#privacy' },
    { label: 'Algemene voorwaarden', url: '/over-ons#voorwaarden' },
    { label: 'Cookies', url: '/over-ons#cookies' },
  ],
  socials: [
    { type: 'Twitter', path: 'https://twitter.com/kring_nl' },
    { type: 'Facebook', path: 'https://www.facebook.com/kring.nl' },
    { type: 'Instagram', path: 'https://www.instagram.com/kring.nl' },
    { type: 'LinkedIn', path: 'https://www.linkedin.com/company/kring-nl' },
    { type: 'Email', path: 'mailto:hallo@kring.example' },
  ],
};

/** Everything to seed, keyed by content-type uid. Collections: arrays; single types: objects. */
const buildSeed = (now = new Date()) => ({
  collections: {
    'api::article.article': { published: articles(now), drafts: [draftArticle(now)] },
    'api::event.event': { published: events(now), drafts: [] },
    'api::podcast.podcast': { published: podcasts(now), drafts: [] },
    'api::research.research': { published: researches(now), drafts: [] },
  },
  singles: {
    'api::homepage.homepage': homepage,
    'api::about-page.about-page': aboutPage,
    'api::site-meta.site-meta': siteMeta,
    'api::navigation.navigation': navigation,
  },
});

module.exports = { buildSeed };
