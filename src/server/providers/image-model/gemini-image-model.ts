import { backendSecret, createGoogleClient, type GoogleBackend } from '../google/google-backend.ts';
import { modelNotFound } from '../google/google-errors.ts';
import { FinishReason, type GenerateContentResponse } from '@google/genai';
import { describeFailure, redactor, type ProviderLogger } from '../text-model/ai-errors.ts';
import { geminiFailure, refusalOf } from '../text-model/gemini-support.ts';
import { AiModelError } from '../text-model/text-model.ts';
import type { ImageModel } from './image-model.ts';

export interface GeminiImageModelOptions {
  backend: GoogleBackend;
  /** The provider's model ID, e.g. `gemini-3.1-flash-image` (configured, since IDs get retired). */
  model: string;
  timeoutMs?: number;
  logger?: ProviderLogger;
}

/** The aspect ratios Gemini's image models accept (ImageConfig.aspectRatio in @google/genai). */
const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9'] as const;

/** The supported ratio nearest to width:height: 1024x1024 → 1:1, 1024x1792 → 9:16. */
export function geminiAspectRatio(width: number, height: number): string {
  const wanted = Math.log(width / height);
  let best: string = ASPECT_RATIOS[0];
  let distance = Infinity;
  for (const ratio of ASPECT_RATIOS) {
    const [w, h] = ratio.split(':').map(Number) as [number, number];
    const candidate = Math.abs(Math.log(w / h) - wanted);
    if (candidate < distance) {
      best = ratio;
      distance = candidate;
    }
  }
  return best;
}

function firstImage(response: GenerateContentResponse): Buffer | undefined {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  const inline = parts.find((part) => part.inlineData?.mimeType?.startsWith('image/') && part.inlineData.data)?.inlineData;
  if (!inline?.data) return undefined;
  const bytes = Buffer.from(inline.data, 'base64');
  return bytes.length > 0 ? bytes : undefined;
}

/**
 * The ImageModel adapter for Gemini's image models through `@google/genai` (`models.generateContent`
 * with an IMAGE response modality). Returns the first inline image part as the model made it: its
 * size follows the aspect ratio (1:1 is 1024x1024; 9:16 is 768x1344 on Gemini 2.5 Flash Image).
 */
export function createGeminiImageModel(options: GeminiImageModelOptions): ImageModel {
  const { model, logger } = options;
  const ai = createGoogleClient(options.backend, { timeoutMs: options.timeoutMs ?? 120_000 });
  const redact = redactor(backendSecret(options.backend));

  return {
    kind: 'gemini',
    async generate({ prompt, width, height }) {
      const aspectRatio = geminiAspectRatio(width, height);
      let response: GenerateContentResponse;
      try {
        response = await ai.models.generateContent({
          model,
          contents: [{ role: 'user', parts: [{ text: prompt }] }],
          config: { responseModalities: ['TEXT', 'IMAGE'], imageConfig: { aspectRatio } },
        });
      } catch (error) {
        // An unknown model is the operator's to fix, not the user's to retry: it leaves as ModelNotFoundError.
        const failure = modelNotFound(error, model, redact) ?? geminiFailure(error);
        const status = failure instanceof AiModelError ? failure.status : 404;
        logger?.warn({ model, status, reason: describeFailure(error, redact) }, 'Gemini image call failed');
        throw failure;
      }
      const refusal = refusalOf(response, 'image');
      const image = refusal ? undefined : firstImage(response);
      if (image) return image;
      const finishReason = response.candidates?.[0]?.finishReason;
      logger?.warn(
        { model, blockReason: response.promptFeedback?.blockReason, finishReason },
        refusal ? 'Gemini refused an image request' : 'Gemini answered without an image',
      );
      if (refusal) throw refusal;
      // A plain STOP with only text is the model declining in words: no image for this prompt.
      if (finishReason === undefined || finishReason === FinishReason.STOP) {
        throw new AiModelError('The image model did not return an image for this prompt. Try describing the picture differently.', 422);
      }
      throw new AiModelError('The image model failed to make an image. Please try again.', 502);
    },
  };
}
