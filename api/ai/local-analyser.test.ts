import { Container } from '@nlpjs/core';
import { LangSv } from '@nlpjs/lang-sv';
import { SentimentAnalyzer } from '@nlpjs/sentiment';
import { describe, expect, it } from 'vitest';
import type { ReviewFlag } from '../contract/review-rules';
import type { ReviewAnalysis, ReviewInput } from './analyser';
import { LABELLED_REVIEWS } from './fixtures/labelled-reviews';
import { LocalReviewAnalyser } from './local-analyser';
import { analyseSentiment } from './swedish-sentiment';

const analyser = new LocalReviewAnalyser();

function review(content: string, stars: [number, number, number] = [3, 3, 3]): ReviewInput {
  return { content, priceWorthRating: stars[0], qualityRating: stars[1], overallExperience: stars[2] };
}

async function flagsOf(content: string, stars?: [number, number, number]): Promise<ReviewFlag[]> {
  return (await analyser.analyse(review(content, stars))).flags;
}

async function scoreOf(text: string): Promise<number> {
  return (await analyseSentiment(text)).score;
}

describe('Swedish sentiment: the diacritics fix', () => {
  it('shows the bug it fixes: the shipped lexicon alone never matches tyvärr, trött or härlig', async () => {
    const container = new Container();
    container.use(LangSv);
    const shipped = new SentimentAnalyzer({ container });
    for (const word of ['tyvärr', 'trött', 'härlig']) {
      const { sentiment } = await shipped.process({ locale: 'sv', text: `Vinet var ${word}.` });
      expect(sentiment.numHits, word).toBe(0);
    }
  });

  it('counts tyvärr and trött as negative and härlig as positive', async () => {
    expect(await scoreOf('Tyvärr.')).toBeLessThan(0);
    expect(await scoreOf('Vinet kändes trött.')).toBeLessThan(0);
    expect(await scoreOf('En härlig doft.')).toBeGreaterThan(0);
  });

  it('counts the same words written without å/ä/ö, and in capitals', async () => {
    expect(await scoreOf('tyvarr')).toBe(await scoreOf('tyvärr'));
    expect(await scoreOf('HÄRLIG')).toBe(await scoreOf('härlig'));
    expect(await scoreOf('utmarkt')).toBeGreaterThan(0);
  });

  it('does not let folding turn a scored word into a function word (öm → om)', async () => {
    expect(await scoreOf('Jag vet inte om den passar till fisk.')).toBe(0);
  });
});

describe('Swedish sentiment: wine vocabulary and negation', () => {
  it('knows wine praise and wine faults', async () => {
    for (const word of ['gott', 'prisvärt', 'balanserad', 'sammetslen', 'fyndpris', 'elegant', 'frisk']) {
      expect(await scoreOf(word), word).toBeGreaterThan(0);
    }
    for (const word of ['surt', 'vattnigt', 'platt', 'korkskadad', 'överprisat', 'spritig', 'unket', 'kemisk']) {
      expect(await scoreOf(word), word).toBeLessThan(0);
    }
  });

  it('scores words that describe style, not quality, as neutral (söt, stark, dyrt is a complaint)', async () => {
    expect(await scoreOf('söt och stark')).toBe(0);
    expect(await scoreOf('dyrt')).toBeLessThan(0);
  });

  it('reads multi-word expressions as one: lång eftersmak is praise, kort eftersmak a fault', async () => {
    expect(await scoreOf('lång eftersmak')).toBeGreaterThan(0);
    expect(await scoreOf('kort eftersmak')).toBeLessThan(0);
    expect(await scoreOf('eftersmaken var kort')).toBeLessThan(0);
    expect(await scoreOf('gott om syra')).toBe(0);
  });

  it('turns praise around after a negation: inte gott, inte särskilt bra, aldrig prisvärt', async () => {
    expect(await scoreOf('inte gott')).toBeLessThan(0);
    expect(await scoreOf('Inte särskilt bra.')).toBeLessThan(0);
    expect(await scoreOf('aldrig prisvärt')).toBeLessThan(0);
    expect(await scoreOf('int gott')).toBeLessThan(0);
  });

  it('reads a negated fault as faint praise: inte dålig scores above 0 but below dålig’s weight', async () => {
    const notBad = await scoreOf('inte dålig');
    expect(notBad).toBeGreaterThan(0);
    expect(notBad).toBeLessThan(-(await scoreOf('dålig')));
  });

  it('stops a negation at the end of its clause and after three words', async () => {
    expect(await scoreOf('inte dyrt men gott')).toBeGreaterThan(0);
    expect(await scoreOf('Inte dyrt. Gott.')).toBeGreaterThan(0);
    expect(await scoreOf('Jag hade inte förväntat mig att den skulle vara så god')).toBeGreaterThan(0);
  });

  it('lets an intensifier strengthen the next word instead of scoring on its own', async () => {
    expect(await scoreOf('sjukt gott')).toBeGreaterThan(0);
    expect(await scoreOf('otroligt dåligt')).toBeLessThan(0);
  });
});

describe('quality signals', () => {
  it('flags promotion: one strong phrase, or two weak ones', async () => {
    expect(await flagsOf('Använd rabattkod VIN20 för 20 % på allt, klicka här')).toContain('spam');
    expect(await flagsOf('Gratis frakt och bästa priset, köp nu!')).toContain('spam');
  });

  it('does not flag an honest review that says köp nu once', async () => {
    const text = 'Riktigt god och prisvärd Rioja med mjuka tanniner. Köp nu innan den tar slut!';
    const flags = await flagsOf(text, [5, 5, 5]);
    expect(flags).not.toContain('spam');
  });

  it('flags repeated characters, repeated words and keyboard mashing', async () => {
    expect(await flagsOf('Bääääääästa vinet någonsin, helt klart')).toContain('spam');
    expect(await flagsOf('bra bra bra bra vin till maten')).toContain('spam');
    expect(await flagsOf('sdfghj qwerty vin till maten ikväll')).toContain('spam');
  });

  it('does not take mmmmmm or a long word for spam', async () => {
    expect(await flagsOf('Mmmmmm, vilken härlig och sammetslen Amarone till osten!')).toEqual([]);
  });

  it('flags links: https, www and bare domains', async () => {
    expect(await flagsOf('Läs mer på https://example.com/vin om du vill')).toContain('link');
    expect(await flagsOf('Finns billigare på www.vinbutik.nu enligt mig')).toContain('link');
    expect(await flagsOf('Jag skriver om viner på minvinblogg.se varje vecka')).toContain('link');
  });

  it('does not take a missing space after a full stop for a link', async () => {
    expect(await flagsOf('Mycket gott till lamm.De andra gästerna höll med.', [4, 4, 4])).not.toContain('link');
  });

  it('flags e-mail addresses and phone numbers as contact details', async () => {
    expect(await flagsOf('Skriv till vinkalle@example.se om du vill köpa flaskor')).toEqual(['contact']);
    expect(await flagsOf('Ring mig på 070-123 45 67 så fixar jag fler flaskor')).toContain('contact');
    expect(await flagsOf('Sms:a +46 70 123 45 67 för att beställa fler flaskor')).toContain('contact');
  });

  it('does not take vintages, prices or alcohol content for a phone number', async () => {
    const flags = await flagsOf('Årgång 2015 och 2016 kostade 129 kr och 149 kr, 13,5 procent alkohol båda två.');
    expect(flags).not.toContain('contact');
  });

  it('flags shouting, and a row of exclamation marks, but not appellations in capitals', async () => {
    expect(await flagsOf('DETTA ÄR DET BÄSTA VINET SOM FINNS PÅ BOLAGET', [5, 5, 5])).toContain('shouting');
    expect(await flagsOf('Så gott vin till kräftorna!!!!!!!', [5, 5, 5])).toContain('shouting');
    expect(await flagsOf('En Barolo DOCG och en Chablis AOC till middagen, båda goda.', [4, 4, 4])).not.toContain('shouting');
  });

  it('flags Swedish and English swearing, but not a fan of Rioja', async () => {
    expect(await flagsOf('Vilket jävla skräpvin, helt odrickbart', [1, 1, 1])).toContain('profanity');
    expect(await flagsOf('Det här var fan inte gott alls', [1, 1, 1])).toContain('profanity');
    expect(await flagsOf('Total shit, smakade som vinäger', [1, 1, 1])).toContain('profanity');
    expect(await flagsOf('Jag är ett stort fan av Rioja och den här är god', [4, 4, 4])).not.toContain('profanity');
  });

  it('flags insults aimed at people as abuse, but not a corked wine or a harsh verdict', async () => {
    expect(await flagsOf('Alla som köper det här vinet är idioter', [1, 1, 1])).toContain('abuse');
    expect(await flagsOf('Säljaren är en lögnare, vinet var inte alls som han sa', [1, 1, 1])).toContain('abuse');
    expect(await flagsOf('Håll käften om det här vinet, det är inte gott', [1, 1, 1])).toContain('abuse');
    expect(await flagsOf('Flaskan var korkad och vinet smakade surt och unket, tyvärr.', [1, 1, 1])).toEqual([]);
    expect(await flagsOf('Det sämsta vinet jag druckit, tunt och surt, en ren besvikelse.', [1, 1, 1])).toEqual([]);
  });

  it('flags a Swedish text about something else as off-topic, but not a vague verdict or a short one', async () => {
    expect(await flagsOf('Varför är det alltid så lång kö på posten när man ska hämta ett paket?')).toContain('off_topic');
    expect(await flagsOf('Inte dåligt, inte bra heller, helt okej på det stora hela.')).not.toContain('off_topic');
    expect(await flagsOf('Köpte den till fredagsmiddagen med familjen, vi åt lasagne.', [4, 3, 5])).not.toContain('off_topic');
    expect(await flagsOf('Drack den till kräftorna i augusti med hela släkten.', [4, 4, 4])).not.toContain('off_topic');
    expect(await flagsOf('Bra köp!', [4, 4, 4])).not.toContain('off_topic');
  });

  it('flags English and other languages, and reads Swedish without å/ä/ö as Swedish', async () => {
    expect(await flagsOf('This is a very nice wine with a long finish, I would buy it again')).toContain('not_swedish');
    expect(await flagsOf('Ein sehr guter Wein mit schöner Frucht und langem Abgang')).toContain('not_swedish');
    expect(await flagsOf('Mycket gott vin med lang eftersmak, kopte tva flaskor till', [4, 4, 4])).not.toContain('not_swedish');
  });

  it('flags a text too short to judge, and then lets the stars decide', async () => {
    const { analysis, breakdown } = await analyser.explain(review('Gott!', [4, 4, 4]));
    expect(analysis.flags).toEqual(['too_short']);
    expect(analysis.needsModeration).toBe(false);
    expect(breakdown.textWeight).toBe(0);
    expect(analysis.aiProcessedRating).toBe(4);
  });

  it('flags a glowing text with one-star ratings, and a damning one with five stars, as a mismatch', async () => {
    const glowing = 'Helt fantastiskt vin, elegant och sammetslent med lång eftersmak. Prisvärt!';
    const damning = 'Surt, vattnigt och beskt. Hällde ut resten, tyvärr odrickbart.';
    expect(await flagsOf(glowing, [1, 1, 1])).toContain('rating_mismatch');
    expect(await flagsOf(damning, [5, 5, 5])).toContain('rating_mismatch');
    expect(await flagsOf(glowing, [5, 5, 4])).not.toContain('rating_mismatch');
    expect(await flagsOf(damning, [1, 2, 1])).not.toContain('rating_mismatch');
  });
});

describe('the rating', () => {
  const stars: [number, number, number][] = [
    [1, 1, 1],
    [3, 3, 3],
    [5, 5, 5],
    [2, 4, 5],
  ];

  it('is within 1–5 with at most one decimal, for every labelled review and any stars', async () => {
    for (const fixture of LABELLED_REVIEWS) {
      for (const given of stars) {
        const { aiProcessedRating, sentiment } = await analyser.analyse(review(fixture.content, given));
        expect(aiProcessedRating).toBeGreaterThanOrEqual(1);
        expect(aiProcessedRating).toBeLessThanOrEqual(5);
        expect(Math.abs(aiProcessedRating * 10 - Math.round(aiProcessedRating * 10))).toBeLessThan(1e-9);
        expect(sentiment).toBeGreaterThanOrEqual(-1);
        expect(sentiment).toBeLessThanOrEqual(1);
      }
    }
  });

  it('is deterministic: the same review gives the same analysis, in sequence and concurrently', async () => {
    const inputs = LABELLED_REVIEWS.map((fixture) => review(fixture.content, [4, 2, 3]));
    const first = await Promise.all(inputs.map((input) => analyser.analyse(input)));
    const second: ReviewAnalysis[] = [];
    for (const input of inputs) second.push(await new LocalReviewAnalyser().analyse(input));
    expect(second).toEqual(first);
  });

  it('equals the star mean when the text carries no opinion', async () => {
    const { analysis, breakdown } = await analyser.explain(review('Köpte den till fredagsmiddagen med familjen, vi åt lasagne.', [4, 3, 5]));
    expect(breakdown.evidence).toBe(0);
    expect(analysis.aiProcessedRating).toBe(4);
    expect(analysis.flags).toEqual([]);
  });

  it('follows the documented formula: 0.6 × evidence × text + the rest × stars', async () => {
    const { analysis, breakdown } = await analyser.explain(review('Härlig och elegant Chablis, frisk och mineralisk. Lite dyr.', [4, 4, 3]));
    const { positive, negative } = breakdown.text;
    const evidence = 1 - Math.exp(-(positive + negative) / 4);
    const tone = ((positive - negative) / (positive + negative)) * evidence;
    const weight = 0.6 * evidence;
    const expected = weight * (3 + 2 * tone) + (1 - weight) * (11 / 3);
    expect(analysis.aiProcessedRating).toBe(Math.round(expected * 10) / 10);
    expect(analysis.sentiment).toBe(Math.round(tone * 100) / 100);
  });

  it('keeps the opinion apart from the moderation: spam with five stars is flagged, not rated down', async () => {
    const spam = await analyser.analyse(review('Beställ här: www.billigtvin.com, använd rabattkod VIN', [5, 5, 5]));
    expect(spam.flags).toEqual(expect.arrayContaining(['spam', 'link']));
    expect(spam.needsModeration).toBe(true);
    expect(spam.aiProcessedRating).toBe(5);
    const rude = await analyser.analyse(review('Jävligt gott vin, köper igen till midsommar!', [5, 5, 5]));
    expect(rude.flags).toContain('profanity');
    expect(rude.needsModeration).toBe(true);
    expect(rude.aiProcessedRating).toBeGreaterThan(4);
  });

  it('gives an honest, well-argued negative review a low opinion and no moderation', async () => {
    const text =
      'Jag ville verkligen gilla den här Riojan, men den var tunn och sur med en bitter, kort eftersmak. Eken tar över och frukten saknas helt. För priset finns mycket bättre viner.';
    const analysis = await analyser.analyse(review(text, [2, 1, 2]));
    expect(analysis.aiProcessedRating).toBeLessThan(2.5);
    expect(analysis.flags).toEqual([]);
    expect(analysis.needsModeration).toBe(false);
  });

  it('reads a contradiction as the text: a glowing text with one star has a high opinion and needs a moderator', async () => {
    const { analysis, breakdown } = await analyser.explain(
      review('Helt fantastiskt vin, elegant och sammetslent med lång eftersmak. Prisvärt!', [1, 1, 1]),
    );
    expect(analysis.flags).toContain('rating_mismatch');
    expect(analysis.needsModeration).toBe(true);
    expect(breakdown.textWeight).toBeCloseTo(breakdown.evidence, 10);
    expect(analysis.aiProcessedRating).toBeGreaterThan(3.5);
  });

  it('notes shouting and a short text without calling a moderator', async () => {
    const loud = await analyser.analyse(review('DETTA ÄR DET BÄSTA VINET SOM FINNS PÅ BOLAGET', [5, 5, 5]));
    expect(loud.flags).toEqual(['shouting']);
    expect(loud.needsModeration).toBe(false);
  });

  it('explains itself in Swedish to the moderator', async () => {
    const good = await analyser.analyse(review('Härlig, fruktig och prisvärd Rioja med lång eftersmak.', [5, 4, 5]));
    expect(good.provider).toBe('local');
    expect(good.reasons[0]?.message).toBe('Texten är positiv och stämmer med betygen (snitt 4,7 av 5).');
    expect(good.reasons[1]?.message).toBe('Positiva uttryck: härlig, fruktig, prisvärd, lång eftersmak.');
    const linked = await analyser.analyse(review('Se www.vinbutik.se för fler viner som detta', [3, 3, 3]));
    expect(linked.reasons.map((reason) => reason.message)).toContain('Innehåller en länk.');
    const negated = await analyser.analyse(review('Inte gott och tyvärr väldigt vattnigt.', [1, 1, 2]));
    expect(negated.reasons.find((reason) => reason.code === 'sentiment_terms')?.message).toBe('Negativa uttryck: inte gott, tyvärr, vattnigt.');
  });

  it('refuses ratings outside 1–5', async () => {
    await expect(analyser.analyse(review('Gott vin till maten.', [0, 3, 3]))).rejects.toThrow(RangeError);
    await expect(analyser.analyse(review('Gott vin till maten.', [3, 6, 3]))).rejects.toThrow(RangeError);
    await expect(analyser.analyse(review('Gott vin till maten.', [3, 3, Number.NaN]))).rejects.toThrow(RangeError);
  });

  it('rejects with the reason of an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopping'));
    await expect(analyser.analyse(review('Gott vin.'), { signal: controller.signal })).rejects.toThrow('stopping');
  });
});
