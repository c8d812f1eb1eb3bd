/**
 * The review analyser's entry point: the rest of the API imports from here.
 */
import type { ReviewAnalyser } from './analyser';
import { localReviewAnalyser } from './local-analyser';
import { OpenAiReviewAnalyser } from './openai-analyser';

export type { ReviewAnalyser } from './analyser';
export { LocalReviewAnalyser } from './local-analyser';
export { OpenAiReviewAnalyser } from './openai-analyser';

/** Where a language model is, when one is configured (all three of apiUrl, apiKey and model are needed). */
export interface ReviewAnalyserConfig {
  /** Base URL of an OpenAI-compatible API, e.g. 'https://api.openai.com/v1'. */
  apiUrl?: string;
  apiKey?: string;
  /** Model name, e.g. 'gpt-4o-mini'. */
  model?: string;
  /** Milliseconds per request; default 10,000. */
  timeoutMs?: number;
}

/**
 * Picks the analyser for the configuration: the language model (with the local analyser as fallback) when
 * apiUrl, apiKey and model are all set and non-empty, else the local analyser alone.
 * Never throws; does no I/O until analyse() is called.
 */
export function createReviewAnalyser(config: ReviewAnalyserConfig = {}): ReviewAnalyser {
  const apiUrl = config.apiUrl?.trim();
  const apiKey = config.apiKey?.trim();
  const model = config.model?.trim();
  if (!apiUrl || !apiKey || !model) return localReviewAnalyser;
  return new OpenAiReviewAnalyser({ apiUrl, apiKey, model, timeoutMs: config.timeoutMs });
}
