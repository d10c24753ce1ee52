import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error.ts';
import { validationMessage } from './validation-message.ts';

const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Messages for Fastify's own client errors, in words a person can act on. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but was sent as JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
};

/** The HTTP status a domain error (one the features throw, knowing nothing of HTTP) answers with, if it is one. */
export type DomainErrorStatus = (error: Error) => number | undefined;

/**
 * DESIGN §5: every non-2xx answer is `{ message }`; a 5xx never leaks its cause. `domainStatus` names the domain
 * errors whose message the user reads, with their status (the app wires it: infrastructure imports no feature).
 */
export function registerErrorHandler(app: FastifyInstance, domainStatus: DomainErrorStatus = () => undefined): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.status).send({ message: error.message });
    }
    const domain = domainStatus(error);
    if (domain !== undefined) return reply.status(domain).send({ message: error.message });
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      if (error.validationContext === 'body' && request.body == null) {
        return reply.status(400).send({ message: 'The request body is missing: send the fields as JSON.' });
      }
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return reply.status(400).send({ message: validationMessage(field, first?.message ?? 'Invalid request') });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = fastifyMessages[error.code] ?? error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: SERVER_ERROR_MESSAGE });
  });
}
