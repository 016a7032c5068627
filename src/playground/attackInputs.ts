/**
 * The preimages of an attack's two calls, for the attack lab's digest inputs:
 * the honest call as the validator hashes it, and the attacked one as the
 * validator recomputed it (in the context it was checked in). The inputs that
 * differ between the two are what the attack touched (./digestInputs.ts).
 */
import {
  digestPreimages,
  type DigestPreimages,
  type Package,
  type TrustedContext,
  validateResultDetailed,
  type ValidationDetails,
} from '#lib/core/result/index.ts';
import { chapterTools } from '../chapter/index.ts';

export interface CallPreimages {
  honest: DigestPreimages;
  attacked: DigestPreimages;
}

/** The honest call's preimages against those behind `report`, the validation of the attacked package in `checkedIn`. */
export function attackPreimages(
  honest: { pkg: Package; trusted: TrustedContext },
  report: ValidationDetails,
  checkedIn: TrustedContext,
): CallPreimages {
  return {
    honest: digestPreimages(
      validateResultDetailed(honest.pkg, honest.trusted, chapterTools),
      honest.trusted,
      chapterTools,
    ),
    attacked: digestPreimages(report, checkedIn, chapterTools),
  };
}
