import type { Recipe } from '../contract/recipes';

/**
 * The built-in recipe collection (api/contract/recipes.ts describes a recipe): served by GET /api/recipes, listed in
 * /sitemap.xml with RECIPES_REVISION's date (docs/seo.md), rendered on /recept and /recept/{id}. Not a table: the
 * recipes are Vinpressen's own editorial texts and change with the code.
 *
 * Spec 000 §2 'Recipe page' calls them "a fixed built-in list; no server call is involved"; they are still fixed and
 * built in, but the server sends them, so the PWA's JavaScript no longer carries them (README 'Differences from the
 * original').
 *
 * Every recipe recommends 1–3 real wines from the imported Systembolaget assortment (db/data/systembolaget-wines.json,
 * September 2021). A wine is referenced by its stable id, `wineIdForProductNumber(productNumber)` from
 * api/contract/wine-id.ts, written out here so that this module needs neither the data file nor the uuid package at
 * run time. The comment after each id names the wine and its 2021 price; recipes-data.test.ts checks that every id
 * belongs to a wine in the data.
 */
export const RECIPES: readonly Recipe[] = [
  // ——— Förrätter ———
  {
    id: 'toast-skagen',
    title: 'Toast Skagen',
    description: 'Tore Wretmans klassiker med handskalade räkor, dill och löjrom på smörstekt bröd. Enkel att göra och svår att överträffa.',
    tags: ['skaldjur', 'räkor', 'klassiker', 'fest'],
    category: 'Förrätt',
    difficulty: 'Lätt',
    cookingTime: 20,
    servings: 4,
    image: '/images/recipes/toast-skagen.svg',
    ingredients: [
      '500 g räkor i skal',
      '1 dl majonnäs',
      '0,5 dl crème fraiche',
      '2 msk finhackad dill',
      '1 msk riven pepparrot',
      '½ citron',
      '4 skivor formbröd',
      '2 msk smör',
      '80 g löjrom',
      'salt och svartpeppar',
      'dillkvistar och citronklyftor till servering',
    ],
    steps: [
      'Skala räkorna och låt dem rinna av väl i ett durkslag.',
      'Rör ihop majonnäs, crème fraiche, dill, pepparrot och lite citronsaft. Vänd ner räkorna och smaka av med salt och peppar.',
      'Skär bort kanterna på brödet och stek skivorna gyllene i smör på medelvärme.',
      'Lägg röran på de varma brödskivorna, toppa med löjrom och en dillkvist och servera genast med citronklyftor.',
    ],
    wineIds: [
      '7e3959c9-7aac-5962-bc75-87e80018703e', // Louis Bouillot Crémant de Bourgogne Brut, 129 kr
      '63ae6bf6-eac5-5f5f-ab77-a1b0a66bf28c', // Chablis Sainte Claire J M Brocard 2020, 164 kr
      'd3ca96c5-591a-52ff-8494-ae2b8ba2241f', // Palmer & Co Brut Reserve, 299 kr
    ],
    wineNote: 'Krispiga bubblor och en stram chablis skär igenom den krämiga röran och låter räkornas sälta och rommens friskhet komma fram.',
  },
  {
    id: 'kantarellsoppa-med-timjan',
    title: 'Kantarellsoppa med timjan',
    description: 'Len och krämig soppa på smörfrästa kantareller med timjan och krispiga krutonger. Höstens första svamp gör sig bäst just här.',
    tags: ['svamp', 'soppa', 'höst', 'vegetariskt'],
    category: 'Förrätt',
    difficulty: 'Lätt',
    cookingTime: 35,
    servings: 4,
    image: '/images/recipes/kantarellsoppa-med-timjan.svg',
    ingredients: [
      '400 g färska kantareller',
      '1 gul lök',
      '1 vitlöksklyfta',
      '3 msk smör',
      '2 kvistar färsk timjan',
      '5 dl grönsaksbuljong',
      '3 dl vispgrädde',
      '1 tsk citronsaft',
      '2 skivor surdegsbröd',
      'salt och vitpeppar',
    ],
    steps: [
      'Rensa kantarellerna och spara några fina till garnering. Hacka lök och vitlök.',
      'Fräs svampen i hälften av smöret tills vätskan har kokat bort. Tillsätt lök, vitlök och timjan och fräs ytterligare några minuter.',
      'Häll på buljong och grädde och låt sjuda under lock i 15 minuter.',
      'Mixa soppan slät och smaka av med salt, vitpeppar och citronsaft.',
      'Tärna brödet och stek det knaprigt tillsammans med de sparade kantarellerna i resten av smöret. Strö över soppan vid servering.',
    ],
    wineIds: [
      '6192f8c7-e663-58a1-a11b-014494312137', // Couvent des Jacobins Bourgogne Blanc 2020, 159 kr
      'db70fd05-9917-52bf-b33b-edbaa6e78588', // Côtes du Jura Chardonnay 2019, 119 kr
      '26d8206c-dfdc-5bab-89d2-ec2873b1810a', // Sant'ilia Chardonnay 2020, 89 kr
    ],
    wineNote: 'Chardonnay med inslag av smör och nötter möter svampens jordighet och gräddens rundhet, och den friska syran lättar upp soppan.',
  },
  {
    id: 'rodbetscarpaccio-med-getost',
    title: 'Rödbetscarpaccio med getost och valnötter',
    description:
      'Tunt skivade ugnsbakade rödbetor med krämig getost, rostade valnötter och honung. En färgstark förrätt som går att förbereda i god tid.',
    tags: ['vegetariskt', 'rödbetor', 'getost', 'höst'],
    category: 'Förrätt',
    difficulty: 'Lätt',
    cookingTime: 60,
    servings: 4,
    image: '/images/recipes/rodbetscarpaccio-med-getost.svg',
    ingredients: [
      '4 medelstora rödbetor (ca 500 g)',
      '150 g färsk getost (chèvre)',
      '0,5 dl valnötter',
      '2 msk olivolja',
      '1 msk äppelcidervinäger',
      '1 msk flytande honung',
      '50 g ruccola',
      'flingsalt och svartpeppar',
    ],
    steps: [
      'Slå in rödbetorna i folie och baka dem i 200 grader i 45–60 minuter, tills de är mjuka. Låt dem svalna och gnid av skalet.',
      'Rosta valnötterna i en torr stekpanna och grovhacka dem.',
      'Skiva betorna tunt, gärna med mandolin, och lägg ut skivorna omlott på tallrikar.',
      'Vispa ihop olivolja, vinäger och honung och ringla över. Smula över getosten och strö över nötter och ruccola. Avsluta med flingsalt och nymald peppar.',
    ],
    wineIds: [
      '57702472-c76a-53b7-a52e-2fd855108402', // Sancerre Domaine de la Villaudière 2020, 179 kr
      '4b56f51c-52fd-53e8-bae8-41baa766bffb', // Hunter's Sauvignon Blanc 2019, 129 kr
      '10025eb7-944a-51c3-9d48-3fbb7bed4337', // Château Bonnet Blanc 2020, 95 kr
    ],
    wineNote:
      'En sauvignon blanc med hög syra och gröna toner är som gjord för syrlig getost, och fruktigheten tar hand om rödbetornas jordiga sötma.',
  },
  {
    id: 'vasterbottenpaj-med-lojrom',
    title: 'Västerbottenpaj med löjrom',
    description:
      'Matig paj på lagrad Västerbottensost i ett smörigt skal, serverad ljummen med löjrom, smetana och rödlök. Självklar på kräftskivan men lika god året runt.',
    tags: ['paj', 'ost', 'löjrom', 'kräftskiva'],
    category: 'Förrätt',
    difficulty: 'Medel',
    cookingTime: 75,
    servings: 8,
    image: '/images/recipes/vasterbottenpaj-med-lojrom.svg',
    ingredients: [
      '3 dl vetemjöl',
      '125 g kallt smör',
      '2 msk kallt vatten',
      '3 ägg',
      '2 dl vispgrädde',
      '1 dl mjölk',
      '200 g riven Västerbottensost',
      '1 krm svartpeppar',
      '100 g löjrom',
      '1 dl smetana',
      '1 liten rödlök',
      'dill till servering',
    ],
    steps: [
      'Nyp ihop mjöl och smör till en smulig deg, tillsätt vattnet och arbeta snabbt ihop degen. Tryck ut den i en pajform, cirka 24 cm, och ställ kallt i 30 minuter.',
      'Nagga botten och förgrädda pajskalet i 200 grader i cirka 10 minuter.',
      'Vispa ihop ägg, grädde och mjölk, rör ner osten och smaka av med peppar.',
      'Häll fyllningen i skalet och grädda pajen i 175 grader i 30–35 minuter, tills fyllningen har stannat.',
      'Låt pajen vila en stund och servera den ljummen med löjrom, smetana, finhackad rödlök och dill.',
    ],
    wineIds: [
      '63feeaf6-0b2d-508f-9b89-72376a2526c7', // Louis Massing Brut, 219 kr
      'd7b56de6-af81-5bc2-a2a5-7e0a0a553739', // Trimbach Riesling 2018, 150 kr
      'be9dbc2c-d997-5cd3-82c4-707925572130', // Labouré-Roi Bourgogne Chardonnay 2020, 119 kr
    ],
    wineNote: 'Torra bubblor, mineralisk riesling och frisk chardonnay har syran som skär igenom äggstanningen och ostens lagrade sälta.',
  },

  // ——— Huvudrätter ———
  {
    id: 'rosmarinlammstek-med-potatisgratang',
    title: 'Rosmarinlammstek med potatisgratäng',
    description:
      'Ugnsstekt lammstek med vitlök, rosmarin och citron, serverad med krämig potatisgratäng. En söndagsmiddag som nästan lagar sig själv.',
    tags: ['lamm', 'ugn', 'helg', 'påsk'],
    category: 'Huvudrätt',
    difficulty: 'Medel',
    cookingTime: 100,
    servings: 6,
    image: '/images/recipes/rosmarinlammstek-med-potatisgratang.svg',
    ingredients: [
      '1,5 kg benfri lammstek',
      '5 vitlöksklyftor',
      '3 kvistar färsk rosmarin',
      '1 citron, rivet skal',
      '3 msk olivolja',
      '1 kg fast potatis',
      '3 dl vispgrädde',
      '2 dl mjölk',
      '100 g riven gruyère',
      'salt, svartpeppar och vitpeppar',
    ],
    steps: [
      'Ta fram köttet en timme före tillagningen. Mortla fyra vitlöksklyftor med rosmarin, citronskal och olja, gnid in steken och salta och peppra.',
      'Skala och skiva potatisen tunt. Varva skivorna i en smord form med salt och vitpeppar, häll över grädde och mjölk med den sista vitlöksklyftan pressad i och strö över osten.',
      'Sätt in gratängen i 175 grader i cirka 70 minuter.',
      'Bryn steken runtom i en het panna och lägg in den i samma ugn. Stek tills innertemperaturen är 58 grader, cirka 45–60 minuter.',
      'Låt köttet vila under folie i 15 minuter, skär det i tunna skivor och servera med gratängen.',
    ],
    wineIds: [
      '2792fd99-9e40-5163-bae9-ae32d7d492eb', // Marqués de Riscal Reserva 2016, 159 kr
      '1c53b25e-cbd6-55d9-a6c1-0c2011f2f66f', // Réserve de Bonpas Côtes-du-Rhône 2020, 95 kr
      '4429edbf-b390-5826-9a8f-62bed7050de9', // Domaine du Vieux Lazaret Châteauneuf-du-Pape 2018, 249 kr
    ],
    wineNote:
      'Rosmarin och vitlök trivs med de örtiga, peppriga tonerna i rhônevin, medan en fatlagrad rioja möter lammets fetma och gratängens grädde.',
  },
  {
    id: 'alggryta-med-enbar-och-svamp',
    title: 'Älggryta med enbär och svamp',
    description: 'Långkokt älgkött med rödvin, enbär, timjan och stekt svamp. Serveras med potatismos och rårörda lingon.',
    tags: ['vilt', 'gryta', 'höst', 'långkok'],
    category: 'Huvudrätt',
    difficulty: 'Medel',
    cookingTime: 150,
    servings: 6,
    image: '/images/recipes/alggryta-med-enbar-och-svamp.svg',
    ingredients: [
      '1 kg älgkött, bog eller grytbitar',
      '150 g rökt sidfläsk',
      '2 gula lökar',
      '2 morötter',
      '10 enbär',
      '2 lagerblad',
      '3 kvistar färsk timjan',
      '3 dl rödvin',
      '5 dl viltbuljong',
      '250 g skogssvamp eller champinjoner',
      '2 dl vispgrädde',
      '1 msk svartvinbärsgelé',
      'smör, salt och svartpeppar',
      'potatismos och rårörda lingon till servering',
    ],
    steps: [
      'Skär köttet i stora bitar och bryn det i omgångar i smör i en gjutjärnsgryta. Salta och peppra.',
      'Fräs tärnat fläsk, grovhackad lök och morot i samma gryta och lägg sedan tillbaka köttet.',
      'Krossa enbären och tillsätt dem med lagerblad, timjan, rödvin och buljong. Låt småputtra under lock i cirka två timmar, tills köttet är mört.',
      'Stek svampen gyllene i smör och rör ner den i grytan tillsammans med grädde och gelé. Låt koka ihop en stund.',
      'Smaka av med salt och peppar och servera med potatismos och rårörda lingon.',
    ],
    wineIds: [
      '21aec64d-bb1b-5619-9c60-431ec5c456e9', // Delas Les Launes Crozes-Hermitage 2019, 179 kr
      '14d13f39-7275-5916-a844-3b1db3d7c8d7', // Barolo Giacosa Fratelli 2017, 199 kr
      '07fa3021-3179-54ba-90d3-2f5a0883a645', // Bolla Le Poiane Ripasso 2017, 125 kr
    ],
    wineNote:
      'Viltets mustighet kräver kryddiga viner med struktur: pepprig syrah och nebbiolo med nypon och körsbär ekar enbären och lingonen, medan ripasso ger en mjukare fruktighet.',
  },
  {
    id: 'ugnsbakad-torsk-med-brynt-smor',
    title: 'Ugnsbakad torsk med brynt smör och pepparrot',
    description:
      'Saftig torskrygg med brynt smör, räkor, hackat ägg och riven pepparrot. En modern husmansklassiker som passar lika bra till vardag som till fest.',
    tags: ['fisk', 'torsk', 'husman', 'klassiker'],
    category: 'Huvudrätt',
    difficulty: 'Medel',
    cookingTime: 40,
    servings: 4,
    image: '/images/recipes/ugnsbakad-torsk-med-brynt-smor.svg',
    ingredients: [
      '600 g torskrygg',
      '1 tsk salt',
      '150 g smör',
      '2 ägg',
      '200 g räkor i skal',
      '3 msk riven färsk pepparrot',
      '2 msk hackad dill',
      '800 g fast potatis',
      '1 citron',
    ],
    steps: [
      'Sätt ugnen på 125 grader. Salta torsken och låt den stå i tio minuter medan du sätter potatisen på kokning.',
      'Lägg fisken i en smord ugnsform och baka den tills innertemperaturen är 52 grader, cirka 20–25 minuter.',
      'Koka äggen i åtta minuter, kyl dem och hacka dem. Skala räkorna.',
      'Smält smöret i en kastrull och låt det fräsa tills det är nötbrunt och doftar hasselnöt.',
      'Lägg upp torsken med kokt potatis, ös över det brynta smöret och toppa med ägg, räkor, pepparrot, dill och en citronklyfta.',
    ],
    wineIds: [
      '67805711-41fc-5f09-9263-33beeea06c65', // Saint Clair Vicar's Choice Barrel Chardonnay 2020, 89 kr
      '897e10f8-6894-5f84-b90f-b7fae36dc3cf', // Pouilly-Fuissé Les Vieux Murs 2019, 219 kr
      'b4c86cc4-cded-5088-b16c-bdfd77e85112', // Olivier Leflaive Bourgogne Les Sétilles 2019, 229 kr
    ],
    wineNote:
      'Det brynta smöret kallar på chardonnay med rostad fatkaraktär och nötiga toner, och den friska syran i vit bourgogne håller pepparroten och räkorna i schack.',
  },
  {
    id: 'kycklinggryta-med-soltorkade-tomater',
    title: 'Krämig kycklinggryta med soltorkade tomater',
    description: 'Vardagsfavoriten med kycklinglårfilé, soltorkade tomater, spenat och parmesan i en krämig sås. Klar på en halvtimme.',
    tags: ['kyckling', 'gryta', 'vardag', 'snabbt'],
    category: 'Huvudrätt',
    difficulty: 'Lätt',
    cookingTime: 30,
    servings: 4,
    image: '/images/recipes/kycklinggryta-med-soltorkade-tomater.svg',
    ingredients: [
      '600 g kycklinglårfilé',
      '1 gul lök',
      '2 vitlöksklyftor',
      '100 g soltorkade tomater i olja',
      '2 dl vispgrädde',
      '1 dl kycklingbuljong',
      '1 tsk torkad oregano',
      '50 g riven parmesan',
      '65 g babyspenat',
      'salt och svartpeppar',
      'ris eller pasta till servering',
    ],
    steps: [
      'Skär kycklingen i bitar och bryn dem i lite olja från tomaterna. Salta och peppra.',
      'Tillsätt hackad lök, vitlök och strimlade soltorkade tomater och fräs några minuter.',
      'Häll på grädde och buljong, strö över oregano och låt sjuda i tio minuter, tills kycklingen är genomkokt.',
      'Rör ner parmesan och spenat, smaka av och servera med ris eller pasta.',
    ],
    wineIds: [
      '01636cba-6aea-51aa-92e7-5bdb6d3b40ed', // Castelgufo Verdicchio dei Castelli di Jesi 2020, 79 kr
      'bc363611-c146-5c8b-8715-22b60ae574ad', // Ricossa Vistamonte Barbera Organic 2020, 99 kr
      '19b9457b-d21b-5ea4-813d-7174d9fd1630', // Torres Gran Viña Sol Chardonnay 2019, 89 kr
    ],
    wineNote:
      'Ett runt vitt vin med toner av mandel och gula päron följer gräddsåsen, och en ungdomlig barbera har syran som matchar de soltorkade tomaterna.',
  },
  {
    id: 'pappardelle-med-svamp-och-parmesan',
    title: 'Pappardelle med skogssvamp och parmesan',
    description: 'Breda pastaband vända i smörstekt svamp, vitlök, timjan och rikligt med parmesan. Snabb vardagslyx med djup smak.',
    tags: ['pasta', 'svamp', 'vegetariskt', 'vardag'],
    category: 'Huvudrätt',
    difficulty: 'Lätt',
    cookingTime: 25,
    servings: 4,
    image: '/images/recipes/pappardelle-med-svamp-och-parmesan.svg',
    ingredients: [
      '400 g pappardelle',
      '400 g blandad svamp, till exempel karljohan, skogschampinjoner och kantareller',
      '1 schalottenlök',
      '2 vitlöksklyftor',
      '3 msk smör',
      '1 msk färsk timjan',
      '1 dl vispgrädde',
      '80 g parmesan',
      '1 citron, rivet skal',
      'salt och svartpeppar',
    ],
    steps: [
      'Koka pastan i rikligt med saltat vatten enligt anvisningen på förpackningen. Spara en kopp av pastavattnet.',
      'Stek svampen i smör på hög värme tills den har fått fin färg. Tillsätt hackad schalottenlök, vitlök och timjan.',
      'Häll på grädden och låt koka upp.',
      'Vänd ner pastan, hälften av parmesanen och lite pastavatten tills såsen blir blank. Smaka av med citronskal, salt och peppar och riv över resten av osten.',
    ],
    wineIds: [
      '4b34e1bc-8505-5a3d-8466-33e5ed0cbd04', // Fontanafredda Ebbio Langhe Nebbiolo 2020, 119 kr
      'af53c215-b353-50a3-8ff7-df6e695b7c2f', // Meinklang Pinot Noir 2020, 129 kr
      'aa4ad668-38a5-5959-9fba-4f732455a4c3', // Briccotondo Barbera 2019, 95 kr
    ],
    wineNote: 'Nebbiolo, pinot noir och barbera har jordiga, bäriga toner som ekar svampen, och syran rensar gommen från parmesan och grädde.',
  },
  {
    id: 'oxfile-wellington',
    title: 'Oxfilé Wellington med rödvinssås',
    description:
      'Rosastekt oxfilé inbakad i smördeg med svampduxelles och lufttorkad skinka. Ett festprojekt som kräver tålamod men belönar rikligt.',
    tags: ['oxfilé', 'fest', 'nyår', 'ugn'],
    category: 'Huvudrätt',
    difficulty: 'Svår',
    cookingTime: 150,
    servings: 6,
    image: '/images/recipes/oxfile-wellington.svg',
    ingredients: [
      '1 kg oxfilé, mittbit',
      '500 g champinjoner',
      '2 schalottenlökar',
      '1 msk färsk timjan',
      '2 msk dijonsenap',
      '8 skivor lufttorkad skinka',
      '400 g kavlad smördeg',
      '1 ägg',
      '3 dl rödvin',
      '3 dl kalvfond',
      '2 msk kallt smör',
      'smör och olja till stekning, salt och svartpeppar',
    ],
    steps: [
      'Salta och peppra filén och bryn den snabbt runtom i en het panna. Pensla den med senap och låt den svalna.',
      'Finhacka svamp och schalottenlök och fräs dem i smör med timjan tills all vätska har kokat bort. Låt duxellesen svalna.',
      'Lägg ut skinkan omlott på plastfolie, bred ut svampen ovanpå och rulla in filén hårt. Låt vila i kylen i 30 minuter.',
      'Ta av plastfolien, svep in filén i smördegen och pensla med uppvispat ägg. Grädda i 200 grader tills innertemperaturen är 54 grader, cirka 35–40 minuter.',
      'Koka under tiden ner rödvin och fond till hälften och vispa ner det kalla smöret.',
      'Låt Wellingtonen vila i tio minuter innan du skär den i tjocka skivor.',
    ],
    wineIds: [
      '14be6a53-c61b-5546-90cc-5170d20d4d8b', // Château Pierre de Montignac Médoc Cru Bourgeois Supérieur 2018, 149 kr
      'd62ed850-927c-5950-8467-1cdcb6767f2b', // Black Stallion Napa Valley Cabernet Sauvignon 2018, 239 kr
      '1db7a32b-198c-57a5-85d5-74ddce4cb2e2', // La Dame de Malescot 2016, 369 kr
    ],
    wineNote:
      'Oxfilé, svamp och rödvinssås vill ha cabernet sauvignon med svarta vinbär och ceder, och strukturen i en bordeaux från Médoc matchar köttet utan att ta över.',
  },
  {
    id: 'rostad-blomkal-med-tahini',
    title: 'Rostad blomkål med tahini och granatäpple',
    description:
      'Ugnsrostade blomkålsskivor med spiskummin, krämig tahinisås, granatäpplekärnor och rostade nötter. En vegansk huvudrätt med både sting och fräschör.',
    tags: ['vegetariskt', 'veganskt', 'blomkål', 'ugn'],
    category: 'Huvudrätt',
    difficulty: 'Lätt',
    cookingTime: 40,
    servings: 4,
    image: '/images/recipes/rostad-blomkal-med-tahini.svg',
    ingredients: [
      '1 stort blomkålshuvud',
      '3 msk olivolja',
      '1 tsk malen spiskummin',
      '1 tsk rökt paprikapulver',
      '3 dl bulgur',
      '1 dl tahini',
      '1 citron',
      '1 vitlöksklyfta',
      '0,5 dl vatten',
      '1 granatäpple',
      '0,5 dl rostade hasselnötter',
      '1 kruka bladpersilja',
      'salt',
    ],
    steps: [
      'Sätt ugnen på 225 grader. Skär blomkålen i 2 cm tjocka skivor och lägg dem på en plåt med bakplåtspapper.',
      'Pensla skivorna med olivolja blandad med spiskummin, paprikapulver och salt och rosta dem i cirka 25 minuter, tills kanterna har fått färg.',
      'Koka bulgurn enligt anvisningen på förpackningen.',
      'Vispa tahini med citronsaft, pressad vitlök och vatten till en len sås och smaka av med salt.',
      'Lägg blomkålen på bulgurn, ringla över såsen och strö över granatäpplekärnor, hackade nötter och persilja.',
    ],
    wineIds: [
      '8279e0d5-e915-5949-b818-f07495379083', // Kakhuri Orange Dry Wine 2019, 99 kr
      '75349144-144e-597e-97a8-9bbdd0fd5da3', // Bergh Grüner Veltliner Organic 2020, 99 kr
      '4d307c00-30cd-500e-9480-d6ff28be70f7', // Jean Biecher Pinot Gris 2020, 99 kr
    ],
    wineNote:
      'Ett orange vin med kryddiga toner och lätt strävhet står emot spiskummin och tahini, medan grüner veltliner och pinot gris ger frisk frukt mot granatäpplet.',
  },
  {
    id: 'fisksoppa-med-saffran-och-aioli',
    title: 'Fisksoppa med saffran och aioli',
    description:
      'Provensalskt inspirerad soppa med vit fisk, musslor och räkor i en tomatbuljong med saffran, fänkål och apelsinskal. Servera med vitlöksaioli och rostat bröd.',
    tags: ['fisk', 'skaldjur', 'soppa', 'fest'],
    category: 'Huvudrätt',
    difficulty: 'Medel',
    cookingTime: 60,
    servings: 4,
    image: '/images/recipes/fisksoppa-med-saffran-och-aioli.svg',
    ingredients: [
      '400 g fast vit fisk, till exempel torsk eller kolja',
      '500 g blåmusslor',
      '200 g skalade räkor',
      '1 fänkål',
      '1 gul lök',
      '3 vitlöksklyftor',
      '2 msk olivolja',
      '400 g krossade tomater',
      '1 l fiskbuljong',
      '1 dl torrt vitt vin',
      '0,5 g saffran',
      '1 tsk rivet apelsinskal',
      '1 dl majonnäs',
      '1 tsk citronsaft',
      'rostat bröd till servering',
    ],
    steps: [
      'Strimla fänkål och lök och fräs dem mjuka i olivolja tillsammans med två hackade vitlöksklyftor, utan att de tar färg.',
      'Tillsätt tomater, buljong, vin, saffran och apelsinskal och låt sjuda i 20 minuter.',
      'Skölj musslorna och släng dem som är trasiga eller inte sluter sig när du knackar på dem.',
      'Lägg i fisken i bitar och musslorna och låt sjuda i 4–5 minuter, tills musslorna har öppnat sig. Vänd ner räkorna sist.',
      'Rör ihop majonnäs med den sista vitlöksklyftan, pressad, och citronsaft. Servera aiolin och brödet till soppan.',
    ],
    wineIds: [
      '699d2c59-77ff-50cb-86da-227bddf70d32', // M de Minuty Rosé 2020, 139 kr
      '00461b16-589b-51dc-a2ed-700d8fa6112c', // Domaine de Collavery 2020, 97 kr
      '45ca9b8c-095d-59a1-a74d-4363fb063f2d', // Folklore Albariño 2020, 99 kr
    ],
    wineNote:
      'Torr rosé från Provence är Medelhavets eget svar på saffran, tomat och vitlök, och en frisk albariño med citrus och örter lyfter fram skaldjuren.',
  },
  {
    id: 'fredagstacos-med-pico-de-gallo',
    title: 'Fredagstacos med pico de gallo',
    description:
      'Kryddig nötfärs med chipotle i mjuka tortillabröd, med hemgjord pico de gallo, avokado och limegräddfil. Fredagsmys, fast lite bättre.',
    tags: ['tacos', 'fredagsmys', 'familj', 'vardag'],
    category: 'Huvudrätt',
    difficulty: 'Lätt',
    cookingTime: 30,
    servings: 4,
    image: '/images/recipes/fredagstacos-med-pico-de-gallo.svg',
    ingredients: [
      '500 g nötfärs',
      '1 gul lök',
      '2 vitlöksklyftor',
      '1 tsk malen spiskummin',
      '1 tsk rökt paprikapulver',
      '1 tsk chipotlepulver',
      '1 tsk torkad oregano',
      '2 msk tomatpuré',
      '1 dl vatten',
      '4 tomater',
      '½ rödlök',
      '1 grön chili',
      '2 lime',
      '1 kruka koriander',
      '2 avokador',
      '2 dl gräddfil',
      '150 g riven cheddar',
      '12 små tortillabröd',
      'salt',
    ],
    steps: [
      'Bryn färsen med hackad lök och vitlök. Krydda med spiskummin, paprikapulver, chipotle, oregano och salt.',
      'Rör ner tomatpurén och vattnet och låt puttra i tio minuter.',
      'Tärna tomaterna, finhacka rödlök och chili och blanda med saften av en lime, hackad koriander och salt till en pico de gallo.',
      'Rör ut gräddfilen med rivet skal från den andra limen, skiva avokadon och värm tortillabröden i en torr stekpanna.',
      'Duka fram allt och låt var och en bygga sina egna tacos.',
    ],
    wineIds: [
      '796e155e-d70e-5ec5-b273-a0e78aaac937', // The Big Zin Zinfandel Old Vines 2020, 79 kr
      'a1da885b-0469-5ac3-98cd-9cf02aa4cb1a', // Trapiche Malbec Oak Cask 2019, 89 kr
      '9e824538-7afc-5038-9ace-8627dcae5960', // Ruppertsberger Hofstück Riesling 2020, 75 kr
    ],
    wineNote:
      'Fruktiga och generösa röda som zinfandel och malbec tål kryddorna, och en riesling med sötma är räddningen för den som vill ha det riktigt starkt.',
  },
  {
    id: 'kottbullar-med-graddsas-och-lingon',
    title: 'Köttbullar med gräddsås och lingon',
    description:
      'Hemgjorda köttbullar av blandfärs med len gräddsås, potatismos, rårörda lingon och pressgurka. Svensk husmanskost när den är som allra bäst.',
    tags: ['husman', 'klassiker', 'köttbullar', 'familj'],
    category: 'Huvudrätt',
    difficulty: 'Medel',
    cookingTime: 60,
    servings: 4,
    image: '/images/recipes/kottbullar-med-graddsas-och-lingon.svg',
    ingredients: [
      '500 g blandfärs',
      '0,5 dl ströbröd',
      '1 dl mjölk',
      '1 ägg',
      '1 liten gul lök',
      '1 tsk salt',
      '0,5 tsk vitpeppar',
      '1 krm malen kryddpeppar',
      '3 msk smör',
      '1 msk vetemjöl',
      '2 dl köttbuljong',
      '2 dl vispgrädde',
      '1 msk japansk soja',
      '1 tsk svartvinbärsgelé',
      'potatismos, rårörda lingon och pressgurka till servering',
    ],
    steps: [
      'Blanda ströbröd och mjölk och låt svälla i tio minuter. Finhacka löken och fräs den mjuk i lite av smöret.',
      'Arbeta ihop färsen med ströbrödssmeten, löken, ägget och kryddorna. Rulla jämnstora bullar med fuktade händer.',
      'Stek köttbullarna i resten av smöret på medelvärme, i omgångar, tills de är genomstekta. Håll dem varma.',
      'Vispa ner mjölet i stekfettet, späd med buljong och grädde och låt såsen koka ihop några minuter. Smaka av med soja, gelé, salt och peppar.',
      'Servera köttbullarna med såsen, potatismos, rårörda lingon och pressgurka.',
    ],
    wineIds: [
      'be05ceee-8b05-5b7d-9de4-5ffcc025f927', // Beaujolais Villages Marc Dudet 2019, 99 kr
      '6cd23013-9aa0-5962-8292-51030f318da9', // Bourgogne Cuvée Prestige Francois Martenot Pinot Noir 2019, 139 kr
      '81ac2b90-3ab8-5679-a387-be7aa2d2496e', // Couvent des Jacobins Bourgogne Rouge 2019, 169 kr
    ],
    wineNote: 'Bärig gamay och pinot noir har syran som balanserar gräddsåsen och en ton av lingon som gifter sig med tillbehören.',
  },
  {
    id: 'ankbrost-med-korsbarssas',
    title: 'Ankbröst med körsbärssås och rotselleripuré',
    description:
      'Krispigt stekt ankbröst med rosa kärna, blank körsbärssås och len rotselleripuré. En bistroklassiker som kräver precision men inga konstigheter.',
    tags: ['anka', 'fågel', 'fest', 'bistro'],
    category: 'Huvudrätt',
    difficulty: 'Svår',
    cookingTime: 75,
    servings: 4,
    image: '/images/recipes/ankbrost-med-korsbarssas.svg',
    ingredients: [
      '2 ankbröst, ca 800 g',
      '1 rotselleri, ca 600 g',
      '2 msk smör',
      '1 dl vispgrädde',
      '1 schalottenlök',
      '1 dl rödvin',
      '2 dl kalvfond',
      '1 msk rödvinsvinäger',
      '1 kvist färsk timjan',
      '200 g körsbär, färska eller frysta',
      '1 msk kallt smör',
      'flingsalt och svartpeppar',
    ],
    steps: [
      'Skala och tärna rotsellerin och koka den mjuk i lättsaltat vatten. Mixa den slät med smör och grädde och smaka av med salt.',
      'Skåra ankbröstens fettsida i ett rutmönster utan att skära in i köttet. Salta och peppra.',
      'Lägg bröstet med fettsidan ner i en kall stekpanna och stek på medelvärme i 10–12 minuter, tills fettet har smält och skinnet är krispigt. Häll av fettet efter hand.',
      'Vänd bröstet och ställ in pannan i 180 grader tills innertemperaturen är 54 grader, cirka fem minuter. Låt köttet vila i åtta minuter.',
      'Fräs finhackad schalottenlök i lite av ankfettet, tillsätt vin, fond, vinäger och timjan och koka ner till hälften. Lägg i körsbären, låt dem bli varma och vispa ner det kalla smöret.',
      'Skär ankan i skivor och servera med puré och sås.',
    ],
    wineIds: [
      '3362a11f-f52f-5575-a16d-1b872e90cabc', // Bouchard Aîné Pinot Noir 2020, 89 kr
      'b4a9b48c-7565-5c97-b2bd-f09b394bfe3d', // The Butcher Pinot Noir 2020, 169 kr
      '582b9992-6d23-5241-b96a-db279947f39c', // Château de Santenay Mercurey 1er Cru Les Puillets 2019, 239 kr
    ],
    wineNote:
      'Pinot noir med röda bär och mjuka tanniner är ankans klassiska följeslagare: syran skär igenom fettet och frukten speglar körsbärssåsen.',
  },

  // ——— Desserter ———
  {
    id: 'chokladfondant-med-hallon',
    title: 'Chokladfondant med hallon',
    description:
      'Varma chokladkakor med rinnande kärna, serverade med färska hallon och lättvispad grädde. Smeten kan göras dagen innan, men tiden i ugnen måste vara exakt.',
    tags: ['choklad', 'hallon', 'fest', 'bjudning'],
    category: 'Dessert',
    difficulty: 'Svår',
    cookingTime: 30,
    servings: 4,
    image: '/images/recipes/chokladfondant-med-hallon.svg',
    ingredients: [
      '100 g mörk choklad, 70 %',
      '100 g smör',
      '2 ägg',
      '2 äggulor',
      '0,5 dl strösocker',
      '2 msk vetemjöl',
      'smör och kakao till formarna',
      '150 g färska hallon',
      '1 dl vispgrädde',
    ],
    steps: [
      'Sätt ugnen på 225 grader. Smörj fyra portionsformar noga och pudra dem med kakao.',
      'Smält choklad och smör över vattenbad och låt blandningen svalna något.',
      'Vispa ägg, äggulor och socker pösigt. Vänd ner chokladsmeten och sikta ner mjölet.',
      'Fördela smeten i formarna. Nu kan de stå i kylen i upp till ett dygn.',
      'Grädda i 7–8 minuter, några minuter längre om formarna kommer direkt från kylen. Ytan ska ha stannat men mitten ska vara mjuk.',
      'Låt kakorna vila en minut, stjälp upp dem på tallrikar och servera med hallon och lättvispad grädde.',
    ],
    wineIds: [
      '30b3b91f-d6cb-5fe5-9846-713d634700be', // Graham's Fine Ruby Port, 119 kr
      'd8bb7b41-10e4-5f0b-8d8b-07dfd0fd3c86', // Churchill's Late Bottled Vintage 2016, 195 kr
      '0cd22ad8-1750-5408-b067-f85d2b846ab7', // Don PX 1994, 37,5 cl, 239 kr
    ],
    wineNote:
      'Choklad kräver ett vin som är minst lika sött: portvinets mörka bär speglar hallonen, och Don PX med fikon och kaffe passar den som vill ha ännu mer tyngd.',
  },
  {
    id: 'appelpaj-med-vaniljsas',
    title: 'Äppelpaj med kanel och vaniljsås',
    description: 'Mormors äppelpaj med syrliga äpplen, kanel och ett smuligt havretäcke. Serveras ljummen med hemkokt vaniljsås.',
    tags: ['äpplen', 'paj', 'höst', 'klassiker'],
    category: 'Dessert',
    difficulty: 'Lätt',
    cookingTime: 45,
    servings: 6,
    image: '/images/recipes/appelpaj-med-vaniljsas.svg',
    ingredients: [
      '5 syrliga äpplen, till exempel Ingrid Marie',
      '1 msk strösocker',
      '1 tsk malen kanel',
      '100 g smör',
      '1 dl vetemjöl',
      '1 dl havregryn',
      '1 dl strösocker',
      '2 dl mjölk',
      '2 dl vispgrädde',
      '1 vaniljstång',
      '3 äggulor',
      '0,5 dl strösocker till såsen',
    ],
    steps: [
      'Sätt ugnen på 200 grader. Skala, kärna ur och skiva äpplena och lägg dem i en smord pajform. Strö över socker och kanel.',
      'Nyp ihop smör, mjöl, havregryn och socker till en smulig deg och fördela den över äpplena.',
      'Grädda pajen mitt i ugnen i 25–30 minuter, tills den är gyllene och det bubblar i kanterna.',
      'Koka upp mjölk och grädde med vaniljstången, delad på längden, och ta sedan upp stången. Vispa äggulor och socker och häll den varma mjölken över under vispning.',
      'Häll tillbaka krämen i kastrullen och värm under omrörning tills den tjocknar, utan att den kokar. Servera vaniljsåsen ljummen till pajen.',
    ],
    wineIds: [
      '21ded8eb-e94d-5c1c-866b-a2223e213251', // Bacalhoa Moscatel de Setúbal 2018, 109 kr
      '5b7941ff-1a1b-5734-8bcc-48f92776826a', // Château Grillon 2015, 37,5 cl, 129 kr
      'e9ff5b90-c5cf-5522-a8f4-adb018190e6e', // Château Dereszla Tokaji Aszù 5 Puttonyos 2016, 50 cl, 189 kr
    ],
    wineNote:
      'Söta viner med aprikos, honung och frisk syra gör äpplena och kanelen rättvisa utan att bli sliskiga, och moscateln bjuder dessutom på knäck och apelsinskal.',
  },
  {
    id: 'ostbricka-med-fikonmarmelad',
    title: 'Ostbricka med fikonmarmelad och valnötter',
    description:
      'Tre ostar av olika karaktär med fikonmarmelad, honungsrostade valnötter, druvor och knäckebröd. Lika god som avslutning på middagen som till ett glas i soffan.',
    tags: ['ost', 'fest', 'mingel', 'snabbt'],
    category: 'Dessert',
    difficulty: 'Lätt',
    cookingTime: 15,
    servings: 6,
    image: '/images/recipes/ostbricka-med-fikonmarmelad.svg',
    ingredients: [
      '200 g lagrad hårdost, till exempel Västerbottensost eller comté',
      '200 g vitmögelost, till exempel brie',
      '150 g blåmögelost, till exempel gorgonzola eller roquefort',
      '1 dl fikonmarmelad',
      '1 dl valnötter',
      '1 msk flytande honung',
      '200 g röda druvor',
      'knäckebröd och kex',
    ],
    steps: [
      'Ta fram ostarna en timme före servering så att de hinner få rumstemperatur.',
      'Rosta valnötterna i en torr stekpanna och ringla över honungen medan de är varma.',
      'Lägg upp ostarna på ett skärbräde, från mild till kraftig, med en egen kniv till varje ost.',
      'Fyll på med marmelad, nötter, druvor och knäckebröd och servera.',
    ],
    wineIds: [
      '5339134e-b787-5808-99c9-5a71808ba666', // Offley 10 Years Old Tawny Porto, 239 kr
      '40d56b36-1cba-5d0c-9e75-299ce29f0c2a', // Castelnau de Suduiraut 2013, 37,5 cl, 169 kr
      '43ab6c3c-4bc4-5a29-989a-8c6151d0d4b3', // Casalforte Amarone della Valpolicella 2017, 179 kr
    ],
    wineNote:
      'Sötvinet från Sauternes är klassiskt till blåmögelosten, tawnyportens nötter och torkade frukt möter fikon och valnötter, och amarone tar sig an den lagrade hårdosten.',
  },
  {
    id: 'pannacotta-med-rabarberkompott',
    title: 'Pannacotta med rabarber och jordgubbar',
    description: 'Silkeslen vaniljpannacotta med syrlig kompott på rabarber och jordgubbar. Försommarens bästa dessert, som gärna görs dagen innan.',
    tags: ['rabarber', 'jordgubbar', 'försommar', 'bjudning'],
    category: 'Dessert',
    difficulty: 'Medel',
    cookingTime: 30,
    servings: 6,
    image: '/images/recipes/pannacotta-med-rabarberkompott.svg',
    ingredients: [
      '4 gelatinblad',
      '5 dl vispgrädde',
      '1 dl mjölk',
      '0,5 dl strösocker',
      '1 vaniljstång',
      '300 g rabarber',
      '200 g jordgubbar',
      '1 dl strösocker till kompotten',
      '0,5 dl vatten',
    ],
    steps: [
      'Lägg gelatinbladen i kallt vatten i fem minuter.',
      'Koka upp grädde, mjölk och socker med vaniljstången, delad på längden. Ta kastrullen från värmen.',
      'Krama ur gelatinet och rör ner det i den varma gräddblandningen tills det har smält. Sila och fördela i glas eller formar.',
      'Låt pannacottan stelna i kylen i minst fyra timmar, gärna över natten.',
      'Skär rabarbern i bitar och koka den med socker och vatten i några minuter, tills den har mjuknat. Låt svalna och vänd ner skivade jordgubbar.',
      'Toppa pannacottan med kompotten strax före servering.',
    ],
    wineIds: [
      '651ee161-07e7-5876-9730-c164c43d26c2', // Moscato d'Asti Gianni Doglia 2020, 89 kr
      'de31853a-006d-5661-8937-6b6b37cdfbcf', // Brachetto d´Acqui Braida 2020, 37,5 cl, 99 kr
      'cd453401-4e65-500f-8442-ad52389a267c', // Champagne Taittinger Demi-Sec, 449 kr
    ],
    wineNote:
      'Lätt mousserande moscato d’Asti och brachetto med toner av jordgubbar och rosor är söta men friska nog för rabarberns syra, och en demi-sec-champagne gör desserten till fest.',
  },
];

/**
 * When RECIPES last changed ('YYYY-MM-DD', the sitemap's <lastmod> of every recipe page) and the SHA-256 (hex) of
 * `JSON.stringify(RECIPES)` at that date. recipes.test.ts fails when the collection changes and these don't, so a
 * changed recipe never keeps an old date (docs/seo.md 'Sitemap').
 */
export const RECIPES_REVISION = {
  updatedOn: '2026-11-24',
  sha256: 'bb5685a1454fe27e6e0a62ce3e82383ea54be87ef9c8c12a1721aa0cdb8ff35a',
} as const;

/** Every recipe, in the collection's order. */
export function listRecipes(): readonly Recipe[] {
  return RECIPES;
}
