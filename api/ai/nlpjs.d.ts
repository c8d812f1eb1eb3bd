// Types for the parts of NLP.js 4 (CommonJS, shipped without types) that the review analyser uses.

declare module '@nlpjs/core' {
  /** NLP.js dependency container: plugins register normalizers, tokenizers and lexicons in it by name. */
  export class Container {
    constructor();
    /** Instantiates a plugin class with `{ container }` and lets it register its parts. */
    use(plugin: unknown): string;
    /** Registers a value (or a class) under a name; `isSingleton` keeps one instance. */
    register(name: string, value: unknown, isSingleton?: boolean): void;
    get(name: string): unknown;
  }
}

declare module '@nlpjs/lang-sv' {
  /** Registers tokenizer-sv, stemmer-sv, stopwords-sv, normalizer-sv and sentiment-sv. */
  export class LangSv {
    register(container: import('@nlpjs/core').Container): void;
  }
  /** The Swedish AFINN lexicon (word → −5…+5) and its (empty) negation list. */
  export const SentimentSv: {
    afinn: Record<string, number>;
    negations: { words: string[] };
  };
}

declare module '@nlpjs/sentiment' {
  export interface SentimentResult {
    score: number;
    numWords: number;
    numHits: number;
    average: number;
    type: string;
    locale: string;
    vote: 'positive' | 'negative' | 'neutral';
  }
  /** Scores tokens against the `sentiment-<locale>` lexicon registered in the container. */
  export class SentimentAnalyzer {
    constructor(settings?: { container?: import('@nlpjs/core').Container });
    process(input: { locale: string; text?: string; tokens?: string[] }): Promise<{ sentiment: SentimentResult }>;
  }
}
