import { capitalise, pick } from './video-facts.ts';

/**
 * The offline inspiration grammar: subjects with actions that suit them, settings they can be in,
 * light, camera moves, lenses, moods and styles, combined by a few sentence shapes. Millions of
 * combinations, each a ready-to-use prompt for an 8-second clip.
 */

type Kind = 'walker' | 'flyer' | 'swimmer' | 'drifter' | 'vehicle';
type Place = 'land' | 'water' | 'sky';

const SUBJECTS: Record<Kind, readonly string[]> = {
  walker: [
    'a red fox', 'a lone astronaut', 'an old fisherman', 'a street dancer', 'a golden retriever puppy', 'a snow leopard',
    'a young skateboarder', 'a samurai in worn armour', 'a curious robot', 'a barefoot child', 'a grey wolf',
    'a violinist in a long coat', 'a tiny hedgehog', 'a knight in silver armour', 'a ginger cat', 'a polar bear cub',
    'a marathon runner', 'a chef in a white apron', 'a deer with velvet antlers', 'a clockwork toy soldier',
  ],
  flyer: [
    'a paper airplane', 'a flock of starlings', 'a hot-air balloon', 'a barn owl', 'a swarm of fireflies',
    'a hummingbird', 'a kite shaped like a dragon', 'a bald eagle', 'a tiny delivery drone', 'a monarch butterfly',
  ],
  swimmer: [
    'a humpback whale', 'a sea turtle', 'a school of silver fish', 'a glowing jellyfish', 'a pair of dolphins',
    'a free diver', 'a manta ray', 'an orange koi', 'a sea otter', 'a surfer',
  ],
  drifter: [
    'a paper boat', 'a glass bottle with a letter inside', 'a red umbrella', 'a dandelion seed', 'a floating lantern',
    'a single autumn leaf', 'a soap bubble', 'a cherry blossom petal', 'a feather', 'a message-in-a-bottle',
  ],
  vehicle: [
    'a vintage red convertible', 'a steam locomotive', 'a neon-lit motorbike', 'a yellow taxi', 'a rusty pickup truck',
    'a cable car', 'a wooden rowing boat', 'a tram', 'a vintage bicycle', 'a sleek electric race car',
  ],
};

const ACTIONS: Record<Kind, readonly string[]> = {
  walker: [
    'walking slowly', 'running at full speed', 'stopping to look back', 'leaping over a puddle', 'dancing alone',
    'exploring', 'wandering', 'turning to face the camera', 'sitting perfectly still', 'climbing', 'spinning in circles',
    'tiptoeing carefully',
  ],
  flyer: [
    'gliding', 'soaring', 'circling', 'swooping low', 'fluttering', 'drifting on the wind', 'rising slowly',
    'diving', 'hovering',
  ],
  swimmer: [
    'gliding', 'swimming gracefully', 'diving deep', 'twirling', 'surfacing', 'drifting with the current',
    'racing', 'circling',
  ],
  drifter: [
    'drifting', 'floating', 'tumbling slowly', 'spinning gently', 'carried by the wind', 'bobbing', 'sailing',
    'falling in slow motion',
  ],
  vehicle: [
    'speeding', 'cruising', 'winding', 'rolling slowly', 'racing', 'gliding silently', 'rattling', 'weaving',
  ],
};

const SETTINGS: Record<Place, readonly string[]> = {
  land: [
    'through a neon-lit alley', 'across a field of sunflowers', 'along a rain-soaked city street', 'through a misty pine forest',
    'across a frozen lake', 'through a bustling night market', 'over sand dunes', 'along a cliffside road',
    'through an abandoned train station', 'across a rooftop above the city', 'through a bamboo forest',
    'down a cobblestone street in an old town', 'through a field of lavender', 'across a salt flat', 'through a snowy village',
    'inside a glass greenhouse', 'through a canyon of red rock', 'along an empty highway', 'through a lantern-lit festival',
    'across a mossy stone bridge',
  ],
  water: [
    'across a turquoise lagoon', 'through a coral reef', 'along a stormy coastline', 'across a glassy mountain lake',
    'down a rain-swollen gutter', 'through a flooded cathedral', 'along a canal in Venice', 'beneath arctic ice',
    'through a kelp forest', 'across a river of floating lanterns', 'over a waterfall edge', 'along a moonlit bay',
  ],
  sky: [
    'above a sea of clouds', 'over snow-capped mountains', 'over a glittering city skyline', 'through a canyon at dusk',
    'above rolling green hills', 'over a rainforest canopy', 'through a sky full of floating islands', 'above a desert oasis',
    'over a sleepy fishing village', 'through falling snow',
  ],
};

const PLACES: Record<Kind, readonly Place[]> = {
  walker: ['land'],
  flyer: ['sky', 'sky', 'land'],
  swimmer: ['water'],
  drifter: ['water', 'land', 'sky'],
  vehicle: ['land'],
};

const TIMES = [
  'at golden hour', 'at dawn', 'at blue hour', 'at midnight', 'under a full moon', 'during a thunderstorm',
  'in the first snowfall', 'at sunset', 'in soft morning fog', 'under a sky full of stars', 'in a summer rain shower',
  'at high noon', 'under the northern lights', 'as autumn leaves fall', 'in the last light of day', 'during a meteor shower',
];

/** Each camera move as a sentence opener and as a trailing clause. */
const CAMERA_MOVES: ReadonlyArray<{ lead: string; trail: string }> = [
  { lead: 'Slow dolly-in on', trail: 'the camera slowly pushes in' },
  { lead: 'Low-angle tracking shot of', trail: 'tracked from a low angle' },
  { lead: 'Sweeping drone shot of', trail: 'filmed by a sweeping drone' },
  { lead: 'Handheld close-up of', trail: 'in a shaky handheld close-up' },
  { lead: 'Orbiting shot around', trail: 'as the camera orbits around it' },
  { lead: 'Slow-motion shot of', trail: 'in dreamy slow motion' },
  { lead: 'Overhead top-down shot of', trail: 'seen from directly above' },
  { lead: 'Wide establishing shot of', trail: 'in one wide establishing shot' },
  { lead: 'Rack-focus shot of', trail: 'with a rack focus from the foreground' },
  { lead: 'Steadicam follow shot of', trail: 'followed by a smooth steadicam' },
  { lead: 'Crane shot rising above', trail: 'as the camera cranes up and away' },
  { lead: 'Dutch-angle shot of', trail: 'framed at a tilted Dutch angle' },
  { lead: 'Time-lapse of', trail: 'in a fluid time-lapse' },
  { lead: 'POV shot following', trail: 'seen from a first-person POV' },
  { lead: 'Parallax side-tracking shot of', trail: 'with the camera sliding sideways for parallax' },
  { lead: 'Whip-pan reveal of', trail: 'revealed with a quick whip pan' },
  { lead: 'Extreme close-up of', trail: 'in an extreme close-up' },
  { lead: 'Slow pull-back from', trail: 'as the camera slowly pulls back' },
];

const LENSES = [
  '35mm lens', '85mm lens with creamy bokeh', 'anamorphic lens with soft flares', '24mm wide-angle lens', 'macro lens',
  '50mm lens at f/1.8', 'vintage 16mm film camera', 'tilt-shift lens', 'fisheye lens', 'long telephoto lens',
  'shallow depth of field', 'deep focus', 'spherical prime lens', 'handheld Super 8 camera',
];

const MOODS = [
  'dreamy', 'melancholic', 'joyful', 'mysterious', 'serene', 'epic', 'nostalgic', 'tense', 'whimsical', 'romantic',
  'hopeful', 'eerie', 'playful', 'triumphant', 'lonely', 'cozy', 'electric', 'peaceful', 'hypnotic', 'bittersweet',
];

const STYLES = [
  'photorealistic', 'Studio Ghibli-inspired animation', 'Wes Anderson-style symmetry', 'film noir', '1980s VHS look',
  'hyperreal documentary style', 'stop-motion claymation', 'cyberpunk neon palette', 'watercolour animation',
  'National Geographic style', 'retro Technicolor', 'moody A24 cinematography', 'pastel colour palette',
  'high-contrast black and white', 'glossy commercial look', 'cel-shaded anime style', 'Kodak Portra film grain',
  'surreal dreamscape', 'soft golden tones', 'teal and orange blockbuster grade',
];

const DETAILS = [
  'rain drops catch the light', 'dust motes float in the air', 'reflections shimmer on wet ground', 'steam rises softly',
  'lens flares bloom across the frame', 'petals swirl in the wind', 'sparks drift upward', 'fog rolls in slowly',
  'light flickers through the trees', 'ripples spread outward', 'snowflakes settle gently', 'neon signs buzz overhead',
];

function article(phrase: string): string {
  return /^[aeiou]/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

/** A vivid, ready-to-use video prompt drawn from the grammar. */
export function composePrompt(random: () => number): string {
  const kind = pick(random, Object.keys(SUBJECTS) as Kind[]);
  const subject = pick(random, SUBJECTS[kind]);
  const action = pick(random, ACTIONS[kind]);
  const setting = pick(random, SETTINGS[pick(random, PLACES[kind])]);
  const time = pick(random, TIMES);
  const camera = pick(random, CAMERA_MOVES);
  const lens = pick(random, LENSES);
  const mood = pick(random, MOODS);
  const style = pick(random, STYLES);
  const detail = pick(random, DETAILS);

  switch (Math.floor(random() * 4)) {
    case 0:
      return `${camera.lead} ${subject} ${action} ${setting} ${time}. ${capitalise(lens)}, ${mood} mood, ${style}.`;
    case 1:
      return `${capitalise(subject)} ${action} ${setting} ${time}, ${camera.trail}. ${capitalise(style)}, ${mood} atmosphere, ${lens}.`;
    case 2:
      return `${capitalise(time)}, ${subject} ${action} ${setting} while ${detail}, ${camera.trail}. ${capitalise(lens)}, ${style}.`;
    default:
      return `${capitalise(article(mood))} scene, ${style}: ${subject} ${action} ${setting} ${time}. ${camera.lead} the moment as ${detail}, ${lens}.`;
  }
}
