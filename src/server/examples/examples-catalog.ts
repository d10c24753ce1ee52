import type { ExampleVideo } from '../../shared/examples.ts';

type ExampleEntry = Omit<ExampleVideo, 'videoUrl' | 'thumbnail'>;

/** The eight built-in examples of SPEC §3. Their clips are rendered by the offline renderer. */
export const exampleCatalog: ExampleEntry[] = [
  { id: 1, title: 'Neon City Nights', category: 'Urban', duration: '15s', aspectRatio: '9:16', prompt: 'Rain-soaked neon city street at night, reflections in puddles, slow dolly forward past glowing signs, cinematic and moody' },
  { id: 2, title: 'Golden Hour Forest', category: 'Nature', duration: '30s', aspectRatio: '16:9', prompt: 'Sunlight streaming through a misty pine forest at golden hour, slow crane shot rising above the canopy, calm and dreamy' },
  { id: 3, title: 'Morning Coffee Ritual', category: 'Lifestyle', duration: '15s', aspectRatio: '9:16', prompt: 'Close-up of coffee being poured into a ceramic cup by a sunny kitchen window, steam swirling, cozy warm tones' },
  { id: 4, title: 'Skatepark Sunset', category: 'Sports', duration: '15s', aspectRatio: '9:16', prompt: 'Skateboarder carving a concrete bowl at sunset, low-angle tracking shot, orange sky, energetic and fast' },
  { id: 5, title: 'Summit Sunrise', category: 'Adventure', duration: '30s', aspectRatio: '16:9', prompt: 'Hiker reaching a snowy mountain summit at sunrise, sweeping aerial orbit, clouds below, epic and triumphant' },
  { id: 6, title: 'Street Style Drop', category: 'Fashion', duration: '15s', aspectRatio: '9:16', prompt: 'Model in an oversized pastel jacket walking toward camera on a city crosswalk, fashion editorial, pink and teal palette' },
  { id: 7, title: 'Ocean Drift', category: 'Nature', duration: '30s', aspectRatio: '16:9', prompt: 'Turquoise ocean waves rolling over a white sand beach, drone shot drifting along the shoreline, serene summer vibe' },
  { id: 8, title: 'Night Market Bites', category: 'Urban', duration: '15s', aspectRatio: '9:16', prompt: 'Steaming street food at a bustling night market, handheld shot weaving through lanterns and crowds, vibrant red and gold' },
];
