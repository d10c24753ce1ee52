import path from 'node:path';
import { expect, it } from 'vitest';
import { DEBIAN_SPEECH_PATHS, debianSpeechInstallation } from './debian-speech-tools.ts';

it('reports every engine present on this machine (CI installs the Debian packages)', () => {
  expect(debianSpeechInstallation()).toEqual({
    festival: { present: true, missing: [] },
    flite: { present: true, missing: [] },
    pocketsphinx: { present: true, missing: [] },
  });
});

it('names the Debian packages a machine without them lacks', () => {
  const nowhere = (name: string) => path.join('/nonexistent', name);
  const paths = {
    ...DEBIAN_SPEECH_PATHS,
    festivalSltVoiceDir: nowhere('slt'),
    flite: nowhere('flite'),
    pocketsphinxBatch: nowhere('pocketsphinx_batch'),
    pocketsphinxModelDir: nowhere('model'),
  };
  expect(debianSpeechInstallation(paths)).toEqual({
    festival: { present: false, missing: ['festvox-us-slt-hts'] },
    flite: { present: false, missing: ['flite'] },
    pocketsphinx: { present: false, missing: ['pocketsphinx', 'pocketsphinx-en-us'] },
  });
});
