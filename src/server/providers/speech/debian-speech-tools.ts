import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the Debian speech packages put what PromptReel runs. Injectable, so a test can describe a machine
 * without them (or with one piece missing).
 */
export interface DebianSpeechPaths {
  festival: string;
  /** festvox-us-slt-hts: the HTS voice `festival:slt` speaks with. */
  festivalSltVoiceDir: string;
  /** festlex-cmu and festlex-poslex: the lexicon and part-of-speech model the US voices load. */
  festivalCmuLexiconDir: string;
  festivalPosLexicon: string;
  flite: string;
  /** flite's letter-to-sound tool, for words the recogniser's dictionary lacks. */
  t2p: string;
  pocketsphinxBatch: string;
  /** pocketsphinx-en-us: the acoustic model folder, `cmudict-en-us.dict` and `en-us.lm.bin`. */
  pocketsphinxModelDir: string;
}

export const DEBIAN_SPEECH_PATHS: DebianSpeechPaths = {
  festival: '/usr/bin/festival',
  festivalSltVoiceDir: '/usr/share/festival/voices/us/cmu_us_slt_arctic_hts',
  festivalCmuLexiconDir: '/usr/share/festival/dicts/cmu',
  festivalPosLexicon: '/usr/share/festival/dicts/wsj.wp39.poslexR',
  flite: '/usr/bin/flite',
  t2p: '/usr/bin/t2p',
  pocketsphinxBatch: '/usr/bin/pocketsphinx_batch',
  pocketsphinxModelDir: '/usr/share/pocketsphinx/model/en-us',
};

export type DebianSpeechEngine = 'festival' | 'flite' | 'pocketsphinx';

export interface EngineInstallation {
  present: boolean;
  /** Debian packages to install (`apt-get install …`) for the engine to work; empty when present. */
  missing: string[];
}

/** One file the engine needs, and the package that ships it. */
interface Requirement {
  file: (paths: DebianSpeechPaths) => string;
  debianPackage: string;
  executable?: boolean;
}

const REQUIREMENTS: Record<DebianSpeechEngine, Requirement[]> = {
  festival: [
    { file: (paths) => paths.festival, debianPackage: 'festival', executable: true },
    { file: (paths) => paths.festivalSltVoiceDir, debianPackage: 'festvox-us-slt-hts' },
    { file: (paths) => paths.festivalCmuLexiconDir, debianPackage: 'festlex-cmu' },
    { file: (paths) => paths.festivalPosLexicon, debianPackage: 'festlex-poslex' },
  ],
  flite: [{ file: (paths) => paths.flite, debianPackage: 'flite', executable: true }],
  pocketsphinx: [
    { file: (paths) => paths.pocketsphinxBatch, debianPackage: 'pocketsphinx', executable: true },
    { file: (paths) => path.join(paths.pocketsphinxModelDir, 'en-us', 'mdef'), debianPackage: 'pocketsphinx-en-us' },
    { file: (paths) => path.join(paths.pocketsphinxModelDir, 'cmudict-en-us.dict'), debianPackage: 'pocketsphinx-en-us' },
    { file: (paths) => path.join(paths.pocketsphinxModelDir, 'en-us.lm.bin'), debianPackage: 'pocketsphinx-en-us' },
  ],
};

function exists(file: string, executable: boolean): boolean {
  try {
    fs.accessSync(file, executable ? fs.constants.X_OK : fs.constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

/** Which Debian packages one engine lacks on this machine: file checks only, cheap enough for every admin page view. */
export function missingPackages(engine: DebianSpeechEngine, paths: DebianSpeechPaths = DEBIAN_SPEECH_PATHS): string[] {
  const missing = REQUIREMENTS[engine].filter((requirement) => !exists(requirement.file(paths), requirement.executable ?? false));
  return [...new Set(missing.map((requirement) => requirement.debianPackage))];
}

/** For the admin panel: each Debian speech engine, whether it is installed, and which packages it lacks otherwise. */
export function debianSpeechInstallation(paths: DebianSpeechPaths = DEBIAN_SPEECH_PATHS): Record<DebianSpeechEngine, EngineInstallation> {
  const report = (engine: DebianSpeechEngine): EngineInstallation => {
    const missing = missingPackages(engine, paths);
    return { present: missing.length === 0, missing };
  };
  return { festival: report('festival'), flite: report('flite'), pocketsphinx: report('pocketsphinx') };
}
