/**
 * Vinpressen's own Swedish wine vocabulary for the local review analyser.
 *
 * The Swedish AFINN lexicon in `@nlpjs/lang-sv` is a general-purpose list: it lacks most of the words people use
 * about wine ('gott', 'surt', 'prisvärt', 'vattnigt') and scores a few of them as a general text would ('dyrt'
 * is +3 there, 'söt' and 'stark' +2, though on a wine page they describe price, sweetness and alcohol).
 * These entries are added to it, and override it where both have a word.
 *
 * Valences follow AFINN: −5 (worst) … +5 (best); 0 removes a word from the sentiment. Words are written with
 * å/ä/ö as people write them; they are folded the same way as the text before matching (see swedish-sentiment.ts).
 * The lexicon has no stemmer behind it, so each entry lists the inflected forms that reviews use.
 *
 * This is general vocabulary for reviews of wine, not phrases copied from the labelled test set: the evaluation
 * in local-analyser.test.ts is only honest as long as that stays so.
 */

/** Adds the same valence to several inflected forms of one word. */
function forms(valence: number, ...words: string[]): [string, number][] {
  return words.map((word) => [word, valence]);
}

/** Single words, valence −5…+5. */
export const WINE_WORDS: ReadonlyMap<string, number> = new Map<string, number>([
  // Taste and overall verdict, positive.
  ...forms(3, 'gott', 'god', 'goda', 'godare', 'godast', 'gött', 'gôtt'),
  ...forms(3, 'härlig', 'härligt', 'härliga'),
  ...forms(4, 'utsökt', 'utsökta', 'ljuvlig', 'ljuvligt', 'ljuvliga', 'magisk', 'magiskt', 'magiska'),
  ...forms(4, 'fenomenal', 'fenomenalt', 'fenomenala', 'superb', 'superbt', 'makalös', 'makalöst'),
  ...forms(3, 'läcker', 'läckert', 'läckra', 'smaskig', 'smaskigt', 'smaskiga'),
  ...forms(3, 'fantastiska', 'underbart', 'underbara'),
  ...forms(3, 'grym', 'grymt', 'grymma', 'kanon', 'kanonbra', 'klockren', 'klockrent', 'klockrena', 'toppen'),
  ...forms(3, 'skitgott', 'svinbra', 'svingott'),
  ...forms(3, 'strålande', 'imponerad', 'imponerade', 'imponerande', 'bästa', 'favorit', 'favoriten', 'favoritvin'),
  ...forms(2, 'perfekta', 'utmärkta', 'suverän', 'suveränt', 'suveräna', 'höjdare', 'pärla', 'fullträff'),
  ...forms(2, 'trevlig', 'trevligt', 'trevliga', 'fin', 'fint', 'fina', 'schysst', 'schyst', 'schysta', 'najs'),
  ...forms(2, 'smakrik', 'smakrikt', 'smakrika', 'njutbar', 'njutbart', 'njutbara', 'njutning', 'gillade'),
  ...forms(2, 'rekommenderas', 'rekommenderar', 'rekommendera', 'rekommenderad', 'rekommenderade'),
  ...forms(1, 'lättdrucken', 'lättdrucket', 'lättdruckna'),
  ...forms(1, 'drickbar', 'drickbart', 'drickbara', 'hyfsad', 'hyfsat', 'hyfsade', 'okej', 'ok', 'okey', 'duger'),
  ...forms(1, 'godkänt', 'godkänd', 'habil', 'habilt', 'prisvärdhet'),

  // Descriptors that praise a wine.
  ...forms(2, 'fruktig', 'fruktigt', 'fruktiga', 'saftig', 'saftigt', 'saftiga', 'bärig', 'bärigt', 'bäriga'),
  ...forms(2, 'balanserad', 'balanserat', 'balanserade', 'harmonisk', 'harmoniskt', 'harmoniska'),
  ...forms(3, 'elegant', 'eleganta', 'elegans', 'välbalanserad', 'välbalanserat', 'välbalanserade'),
  ...forms(2, 'välgjord', 'välgjort', 'välgjorda', 'välstrukturerad', 'välstrukturerat', 'välintegrerad'),
  ...forms(2, 'len', 'lent', 'lena', 'mjuk', 'mjukt', 'mjuka', 'rund', 'rundad', 'rundat', 'rundade'),
  ...forms(3, 'sammetslen', 'sammetslent', 'sammetslena', 'silkeslen', 'silkeslent', 'silkeslena'),
  ...forms(2, 'frisk', 'friskt', 'friska', 'fräsch', 'fräscht', 'fräscha', 'pigg', 'piggt', 'pigga'),
  ...forms(2, 'uppfriskande', 'livlig', 'livligt', 'livliga', 'krispig', 'krispigt', 'krispiga'),
  ...forms(2, 'komplex', 'komplext', 'komplexa', 'nyanserad', 'nyanserat', 'nyanserade', 'mångbottnad'),
  ...forms(2, 'generös', 'generöst', 'generösa', 'aromatisk', 'aromatiskt', 'aromatiska', 'doftrik'),
  ...forms(1, 'fyllig', 'fylligt', 'fylliga', 'koncentrerad', 'koncentrerat', 'mineralisk', 'mineraliskt'),
  ...forms(1, 'mineraliska', 'djup', 'djupt', 'djupa', 'lagringsvärd', 'lagringsvärt'),

  // Price and value, positive.
  ...forms(3, 'prisvärd', 'prisvärt', 'prisvärda', 'fynd', 'fyndet', 'fyndpris', 'kanonpris', 'klipp'),

  // Taste and overall verdict, negative.
  ...forms(-3, 'dålig', 'dåligt', 'dåliga', 'kass', 'kasst', 'kassa', 'skräp', 'smaklös', 'smaklöst', 'smaklösa'),
  ...forms(-4, 'usel', 'uselt', 'usla', 'äcklig', 'äckligt', 'äckliga', 'vidrig', 'vidrigt', 'vidriga'),
  ...forms(-4, 'odrickbar', 'odrickbart', 'odrickbara', 'avskyvärd', 'avskyvärt'),
  ...forms(-3, 'hemsk', 'hemskt', 'hemska', 'sämst', 'sämsta', 'blaskig', 'blaskigt', 'blask'),
  ...forms(-2, 'sämre', 'tråkig', 'tråkigt', 'tråkiga', 'intetsägande', 'ointressant', 'ointressanta'),
  ...forms(-2, 'besviken', 'besviket', 'besvikna', 'besvikelse', 'besvikelsen', 'medioker', 'mediokert', 'mediokra'),
  ...forms(-2, 'slätstruken', 'slätstruket', 'slätstrukna', 'endimensionell', 'endimensionellt'),
  ...forms(-1, 'medelmåttig', 'medelmåttigt', 'medelmåttiga', 'anonym', 'anonymt', 'anonyma', 'synd', 'tveksam'),
  ...forms(-1, 'tveksamt', 'enkel', 'enkelt', 'enkla', 'mesig', 'mesigt', 'mesiga', 'grumlig', 'grumligt'),
  ...forms(-2, 'undvik', 'undvikas', 'ångrar', 'ångrade', 'ångra'),

  // Descriptors of faults.
  ...forms(-2, 'platt', 'platta', 'vattnig', 'vattnigt', 'vattniga', 'utspädd', 'utspätt', 'utspädda'),
  ...forms(-1, 'tunn', 'tunt', 'tunna', 'kärv', 'kärvt', 'kärva', 'sträv', 'strävt', 'sträva', 'jästig'),
  ...forms(-2, 'sur', 'surt', 'sura', 'besk', 'beskt', 'beska', 'bitter', 'bittert', 'bittra', 'stickig', 'stickigt'),
  ...forms(-2, 'spritig', 'spritigt', 'spritiga', 'obalanserad', 'obalanserat', 'obalanserade'),
  ...forms(-2, 'sliskig', 'sliskigt', 'sliskiga', 'kladdig', 'kladdigt', 'kladdiga', 'klibbig', 'klibbigt'),
  ...forms(-2, 'syntetisk', 'syntetiskt', 'syntetiska', 'konstgjord', 'konstgjort', 'konstgjorda'),
  ...forms(-2, 'oxiderad', 'oxiderat', 'oxiderade', 'död', 'dött', 'döda', 'trötta'),
  ...forms(-3, 'kemisk', 'kemiskt', 'kemiska', 'unken', 'unket', 'unkna', 'möglig', 'mögligt'),
  ...forms(-3, 'korkad', 'korkat', 'korkade', 'korkdoft', 'korksmak', 'korkton'),
  ...forms(-4, 'korkskadad', 'korkskadat', 'korkskadade'),

  // Price and value, negative. 'dyrt' is +3 in the general lexicon (as in 'dear'); on a wine page it is a complaint.
  ...forms(-1, 'dyr', 'dyrt', 'dyra'),
  ...forms(-3, 'överprisad', 'överprisat', 'överprisade', 'ockerpris', 'överskattad', 'överskattat'),

  // Neutral on a wine page although the general lexicon scores them: they describe style, not quality.
  ...forms(0, 'söt', 'sött', 'söta', 'stark', 'starkt', 'starka', 'torr', 'torrt', 'torra', 'syrlig', 'syrligt'),
  ...forms(0, 'kraftig', 'kraftigt', 'kraftiga', 'lätt', 'lätta', 'tung', 'tungt', 'tunga', 'stor', 'stort', 'stora'),
  ...forms(0, 'full', 'fullt', 'fulla', 'större', 'störst'),
  // Nouns and hedges every review uses, in either direction: 'högt pris', 'dålig kvalitet', 'ganska tråkig'.
  ...forms(0, 'pris', 'kvalitet', 'ganska'),
  // Function words that the general lexicon scores (they are on nlpjs's own Swedish stopword list).
  ...forms(0, 'dom', 'få', 'ha', 'ja', 'nej', 'olika', 'rakt', 'vill', 'tack'),
]);

/**
 * Multi-word expressions, matched as whole token sequences before single words (the longest match wins), so
 * 'kort eftersmak' is negative although neither word is. Written like WINE_WORDS, words separated by one space.
 */
export const WINE_PHRASES: ReadonlyMap<string, number> = new Map<string, number>([
  ...forms(3, 'lång eftersmak', 'lång avslutning', 'långt avslut', 'lång finish', 'eftersmaken är lång'),
  ...forms(3, 'eftersmaken var lång', 'avslutningen är lång', 'dröjande eftersmak'),
  ...forms(-2, 'kort eftersmak', 'kort avslutning', 'kort avslut', 'kort finish', 'eftersmaken är kort'),
  ...forms(-2, 'eftersmaken var kort', 'ingen eftersmak'),
  ...forms(3, 'värd pengarna', 'värt pengarna', 'värd varenda krona', 'värt varenda krona', 'valuta för pengarna'),
  ...forms(3, 'köper igen', 'köpa igen', 'köper mer', 'handlar igen', 'köper fler', 'bunkra upp'),
  ...forms(-3, 'hällde ut', 'hälla ut', 'slängde ut', 'rakt i vasken', 'i vasken'),
  ...forms(-1, 'inget speciellt', 'inget särskilt', 'inget märkvärdigt', 'inget extra', 'ingenting speciellt'),
  ...forms(-2, 'för dyr', 'för dyrt', 'för dyra', 'för mycket pengar'),
  // 'gott om' means 'plenty of' ('gott om syra'): a quantity, not praise.
  ...forms(0, 'gott om'),
]);

/**
 * Words that turn the sentiment of what follows them around: 'inte gott', 'inte särskilt bra', 'aldrig mer'.
 * Dialect and informal forms ('int', 'inge') included.
 */
export const NEGATIONS: ReadonlySet<string> = new Set([
  'inte',
  'int',
  'ej',
  'icke',
  'aldrig',
  'knappast',
  'ingen',
  'inget',
  'inge',
  'inga',
  'varken',
]);

/**
 * Words that end a negation's reach: 'inte dyrt men gott' must not turn 'gott' around.
 */
export const CLAUSE_BREAKS: ReadonlySet<string> = new Set(['men', 'fast', 'utan', 'och', 'eller', 'dock', 'ändå']);

/**
 * Intensifiers that the general lexicon scores on their own ('sjukt' −, 'galet' −) but that in 'sjukt gott' only
 * strengthen the next word. Before a word with a valence they count as nothing; alone they keep their score.
 */
export const INTENSIFIERS: ReadonlySet<string> = new Set([
  'sjukt',
  'galet',
  'vansinnigt',
  'löjligt',
  'brutalt',
  'otroligt',
  'extremt',
  'grymt',
  'jätte',
  'riktigt',
  'väldigt',
  'mycket',
  'helt',
  'super',
  'fruktansvärt',
  'hemskt',
  'förbannat',
  'sanslöst',
]);
