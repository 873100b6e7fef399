import { proofMaxBytes } from '@pressroom/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { proofProblem } from './proof-picker.tsx';

// The message key and its values, as the translation function receives them.
const t = ((key: string, values: Record<string, unknown>) => ({ key, values })) as unknown as TFunction;

describe('proof files chosen for an accreditation request', () => {
  it('names the size limit of a file too large in the reader’s language', () => {
    const tooLarge = {
      name: 'carte de presse.pdf',
      type: 'application/pdf',
      size: proofMaxBytes + 1,
    } as File;
    expect(proofProblem([tooLarge], 0, t, 'fr')).toEqual({
      key: 'messages.accreditationProofTooLarge',
      values: { name: 'carte de presse.pdf', limit: '10\u202fMo' },
    });
    expect(proofProblem([{ ...tooLarge, size: proofMaxBytes } as File], 0, t, 'fr')).toBeNull();
  });
});
