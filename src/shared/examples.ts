import { z } from 'zod';

const EXAMPLE_CATEGORIES = ['Urban', 'Nature', 'Lifestyle', 'Sports', 'Adventure', 'Fashion'] as const;

/** One built-in example (SPEC §3); its clip and thumbnail are rendered by the server and cached. */
const exampleVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  prompt: z.string(),
  category: z.enum(EXAMPLE_CATEGORIES),
  duration: z.enum(['15s', '30s']),
  aspectRatio: z.enum(['9:16', '16:9']),
  videoUrl: z.string(),
  thumbnail: z.string(),
});
export type ExampleVideo = z.infer<typeof exampleVideoSchema>;
export const exampleListResponseSchema = z.array(exampleVideoSchema);
