/**
 * What the kit's own React layer reads of core besides its public entry. Not part of the package's
 * exports: a host never imports it, and the layering test allows React to import only this and
 * `index.ts` from core.
 */
export type { FormRequestReading } from './request.js';
export { canAnswer, readFormRequest, requestMessage, toPrompt } from './request.js';
export { optionsToRead, parseCached, readAheadParts } from './schema.js';
export { answerOf, roundAnswerOf } from './queue.js';
export { readForm } from './form-model.js';
export { codePointName, hasHiddenCharacters, isolateText, revealHidden, splitHidden } from './visible-text.js';
export { readNumberText } from '../shared/numbers.js';
export { isDraftValue } from './draft.js';
export { optionIndex } from './option-index.js';
export { revealInHost } from './url.js';
export { judgedAhead, lookalikeKey, lookalikeOptions, lookalikesOf } from './lookalike-text.js';
export { isSecretProperty, maskValues, maskVerdict, secretFieldKeys, secretKeys } from './secrets.js';
export {
  acceptsFile,
  fileFieldKeys,
  fileKeys,
  fileTooLargeMessage,
  fileWrongTypeMessage,
  formatBytes,
  readDataUri,
  redactFileValue,
} from './files.js';
