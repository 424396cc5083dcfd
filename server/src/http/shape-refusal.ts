/**
 * The refusal of a request whose path, query or body breaks its route's declared schema, checked
 * at the door before any handler runs, in the format of the route's interface
 * ({@link ErrorFormat}, `contract/src/errors.ts`). The blockchain interface writes its own envelope
 * (`interfaces/blockchain/errors.ts`).
 */
import type { ErrorDetail, ErrorFormat } from '#contract/errors.js';
import { type ApiError, invalidBody, oauthError, v1Error } from './errors.js';

/** The formats a refusal at the door is written in by this module. */
export type DoorFormat = Exclude<ErrorFormat, 'blockchain'>;

/**
 * An {@link ApiError} 400 for the schema's findings:
 * - `message-details`: `{message: "The request body has N error(s)", details}` (spec, bot messaging errors);
 * - `v1`: `{statusCode: "400", statusMessage: "<property>: <problem>"}` of the first finding (spec
 *   "Errors", enterprise and trial: one message per answer);
 * - `oauth`: `{error: "invalid_request", error_description}` with every finding (RFC 6749 5.2).
 * @param details at least one finding
 */
export function shapeRefusal(format: DoorFormat, details: readonly ErrorDetail[]): ApiError {
  switch (format) {
    case 'message-details':
      return invalidBody([...details]);
    case 'v1': {
      const first = details[0];
      return v1Error(400, '400', `${first?.property ?? 'body'}: ${first?.message ?? 'is invalid'}`);
    }
    case 'oauth':
      return oauthError('invalid_request', details.map((d) => (d.property ? `${d.property}: ${d.message}` : d.message)).join('; '));
  }
}
