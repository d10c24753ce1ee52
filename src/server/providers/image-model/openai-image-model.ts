import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
import type { ImageGenerateParamsNonStreaming } from 'openai/resources/images';
import { ModelNotFoundError } from '../model-not-found.ts';
import { BUSY_MESSAGE, describeFailure, redactor, type ProviderLogger } from '../text-model/ai-errors.ts';
import { AiModelError } from '../text-model/text-model.ts';
import type { ImageModel } from './image-model.ts';
import { isPng } from './png-info.ts';

export interface OpenAiImageModelOptions {
  apiKey: string;
  /** Points the SDK at another host (tests: the fake OpenAI server), e.g. `http://127.0.0.1:1234/v1`. */
  baseUrl?: string;
  /** The images model ID, e.g. `gpt-image-1` or `dall-e-3` (configured, since IDs get retired). */
  model: string;
  timeoutMs?: number;
  logger?: ProviderLogger;
}

type ImageRequest = Parameters<ImageModel['generate']>[0];

/** Error codes OpenAI uses when its safety system rejects a prompt (dall-e and gpt-image families). */
const POLICY_CODES = new Set(['content_policy_violation', 'moderation_blocked']);

/**
 * The request body for the model's family (PROVIDERS §3). dall-e-3: 1024x1024 | 1024x1792 | 1792x1024,
 * quality standard | hd, response_format b64_json. gpt-image: 1024x1024 | 1024x1536 | 1536x1024,
 * quality low | medium | high, always base64 and no response_format (it is rejected).
 */
function imageRequestBody(model: string, request: ImageRequest): ImageGenerateParamsNonStreaming {
  const shape = request.height > request.width ? 'tall' : request.width > request.height ? 'wide' : 'square';
  if (model.startsWith('dall-e-2')) {
    return { model, prompt: request.prompt, n: 1, size: '1024x1024', response_format: 'b64_json' };
  }
  if (model.startsWith('dall-e')) {
    const size = { tall: '1024x1792', wide: '1792x1024', square: '1024x1024' } as const;
    return { model, prompt: request.prompt, n: 1, size: size[shape], quality: request.quality, response_format: 'b64_json' };
  }
  const size = { tall: '1024x1536', wide: '1536x1024', square: '1024x1024' } as const;
  return { model, prompt: request.prompt, n: 1, size: size[shape], quality: request.quality === 'hd' ? 'high' : 'medium' };
}

/** The ImageModel adapter for OpenAI's images API through the `openai` SDK (`images.generate`). */
export function createOpenAiImageModel(options: OpenAiImageModelOptions): ImageModel {
  const { model, logger } = options;
  const client = new OpenAI({
    apiKey: options.apiKey,
    // null, not undefined: the SDK would otherwise read OPENAI_BASE_URL, OPENAI_ORG_ID… from the environment.
    baseURL: options.baseUrl ?? null,
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: options.timeoutMs ?? 120_000,
  });
  const redact = redactor(options.apiKey);

  return {
    kind: 'openai',
    async generate(request) {
      const body = imageRequestBody(model, request);
      let b64: string | undefined;
      try {
        const response = await client.images.generate(body);
        b64 = response.data?.[0]?.b64_json;
      } catch (error) {
        if (error instanceof APIError && error.status === 404) throw new ModelNotFoundError(model, redact(error.message));
        const failure = openAiFailure(error, redact);
        logger?.warn({ model, status: failure.status, reason: describeFailure(error, redact) }, 'OpenAI image call failed');
        throw failure;
      }
      const image = b64 ? Buffer.from(b64, 'base64') : undefined;
      if (!image || !isPng(image)) {
        logger?.warn({ model, bytes: image?.length ?? 0 }, 'OpenAI answered without a PNG image');
        throw new AiModelError('The image service returned no usable image. Please try again.', 502);
      }
      return image;
    },
  };
}

function openAiFailure(error: unknown, redact: (text: string) => string): AiModelError {
  if (error instanceof APIConnectionTimeoutError) {
    return new AiModelError('The image service took too long to answer. Please try again.', 502);
  }
  if (error instanceof APIError && error.status !== undefined) {
    if (error.status === 429) return new AiModelError(BUSY_MESSAGE, 429);
    if (error.status === 400 && (POLICY_CODES.has(error.code ?? '') || /safety system/i.test(error.message))) {
      return new AiModelError(policyMessage(error, redact), 422);
    }
    return new AiModelError('The image service could not make this image right now. Please try again.', 502);
  }
  return new AiModelError('The image service could not be reached. Please try again.', 502);
}

/** The provider's own explanation (the SDK prefixes it with the status), trimmed for a toast. */
function policyMessage(error: APIError, redact: (text: string) => string): string {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === 'string' && body.message.trim() !== '' ? body.message.trim() : '';
  if (!text) return 'The image service rejected this prompt under its content policy. Please rephrase it.';
  const clean = redact(text);
  return clean.length > 300 ? `${clean.slice(0, 299)}…` : clean;
}
