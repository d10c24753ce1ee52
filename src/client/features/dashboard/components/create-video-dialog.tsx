import { Upload, Wand2 } from 'lucide-react';
import type { CurrentUser } from '@shared/schemas/user';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AiGenerateForm } from './ai-generate-form';
import { GenerationNotice } from './generation-notice';
import { UploadVideoForm } from './upload-video-form';

interface CreateVideoDialogProps {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the Prompt field starts with (a prompt the user picked on the examples page). */
  initialPrompt?: string;
}

export function CreateVideoDialog({ user, open, onOpenChange, initialPrompt }: CreateVideoDialogProps) {
  const close = () => {
    onOpenChange(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Create New Video</DialogTitle>
          <DialogDescription>Generate a clip from a prompt, or upload one of your own to edit.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="generate">
          <TabsList className="mb-2 grid w-full grid-cols-2">
            <TabsTrigger value="generate">
              <Wand2 aria-hidden className="size-4" />
              AI Generate
            </TabsTrigger>
            <TabsTrigger value="upload">
              <Upload aria-hidden className="size-4" />
              Upload Video
            </TabsTrigger>
          </TabsList>
          <TabsContent value="generate" className="grid gap-4">
            <GenerationNotice />
            <AiGenerateForm user={user} onCreated={close} initialPrompt={initialPrompt} />
          </TabsContent>
          <TabsContent value="upload">
            <UploadVideoForm onUploaded={close} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
