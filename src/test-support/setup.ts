/**
 * Unit tests create checkouts from src/checkout.ts, not from an entry: give them the challenge
 * dialog as the ESM entry does (src/index.ts), a dynamic import, which a test may replace.
 */
import { provideChallenge } from '../checkout';
import { challengeChunk } from './challenge-chunk';

provideChallenge(() => challengeChunk().then((chunk) => chunk.showChallenge));
