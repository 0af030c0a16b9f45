import { defineErrorCodes } from '../core/http/errors.ts';

/**
 * Every error code the dashboard simulation answers with, and its HTTP status (besides the codes every plane
 * shares: NOT_FOUND, METHOD_NOT_ALLOWED, INVALID_REQUEST, …). The codes are stable; the messages (written
 * where the error is thrown) name the thing and say what to do.
 *
 * @example throw domainError('ZONE_NOT_FOUND', 'There is no zone example.com; create it first.');
 */
export const domainError = defineErrorCodes({
  INVALID_DOMAIN: 400,
  INVALID_RECORD: 400,
  INVALID_DURATION: 400,
  INVALID_PLAN: 400,
  PLATFORM_DOMAIN: 400,
  RECORD_OUTSIDE_ZONE: 400,
  PLAN_UPGRADE_REQUIRED: 403,
  PROJECT_NOT_FOUND: 404,
  DOMAIN_NOT_FOUND: 404,
  ZONE_NOT_FOUND: 404,
  RECORD_NOT_FOUND: 404,
  SCENARIO_NOT_FOUND: 404,
  DEPLOY_REQUIRED: 409,
  DOMAIN_ALREADY_ADDED: 409,
  DOMAIN_IN_USE: 409,
  PROJECT_EXISTS: 409,
  ZONE_EXISTS: 409,
  CNAME_CONFLICT: 409,
  CNAME_AT_APEX: 422,
  ALIAS_NOT_SUPPORTED: 422,
  PRIMARY_NOT_ATTACHED: 422,
  PRIMARY_REQUIRED: 422,
  REDIRECT_FROM_NOT_ATTACHED: 422,
  REDIRECT_FROM_PRIMARY: 422,
  REDIRECT_TO_NOT_PRIMARY: 422,
  REDIRECT_STATUS_UNSUPPORTED: 422,
  REDIRECT_CHAIN: 422,
  /** Serving by host: the Host is a custom domain that is not served (yet, or any more). */
  DOMAIN_NOT_VERIFIED: 404,
  DOMAIN_MISCONFIGURED: 404,
  DOMAIN_REMOVED: 404,
});

export const domainErrorCodes = domainError.codes;
export type DomainErrorCode = keyof typeof domainErrorCodes;
