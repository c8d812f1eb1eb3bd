/**
 * `npm run eval:analyser` — measures the local review analyser on the tuning set and on the held-out set
 * (api/ai/evaluation.ts) and prints, for each, the opinion's band agreement (and mean absolute error where the
 * opinion is labelled as a number), the needs-a-moderator precision and recall, how many honest negative reviews
 * were flagged, and every disagreement. Offline, a second or two; no database.
 */
import { evaluate, formatReport, heldOutCases, tuningCases } from '../api/ai/evaluation';
import { LocalReviewAnalyser } from '../api/ai/local-analyser';

const analyser = new LocalReviewAnalyser();
console.log(formatReport('Tuning set (api/ai/fixtures/labelled-reviews.ts)', await evaluate(analyser, tuningCases())));
console.log('');
console.log(formatReport('Held-out set (api/ai/fixtures/held-out-reviews.ts, never tuned on)', await evaluate(analyser, heldOutCases())));
