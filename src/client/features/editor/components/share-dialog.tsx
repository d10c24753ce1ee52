import { ExternalLink } from 'lucide-react';
import { PRODUCT_NAME } from '@shared/product';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

interface ShareDialogProps {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function shareTargets(title: string, appUrl: string) {
  const message = `"${title}", made with ${PRODUCT_NAME} ${appUrl}`;
  return [
    { name: 'TikTok', action: 'Upload to TikTok', href: 'https://www.tiktok.com/upload' },
    { name: 'Instagram', action: 'Post on Instagram', href: 'https://www.instagram.com/' },
    { name: 'YouTube', action: 'Upload to YouTube', href: 'https://studio.youtube.com/' },
    { name: 'X', action: 'Share on X', href: `https://twitter.com/intent/tweet?text=${encodeURIComponent(message)}` },
    { name: 'Facebook', action: 'Share on Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(appUrl)}` },
  ];
}

export function ShareDialog({ title, open, onOpenChange }: ShareDialogProps) {
  const targets = shareTargets(title, window.location.origin);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Share</DialogTitle>
          <DialogDescription>
            Each platform opens in a new tab: upload your video there, or tell your followers about {PRODUCT_NAME}.
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-2">
          {targets.map((target) => (
            <li key={target.name}>
              <Button asChild variant="outline" className="w-full justify-between">
                <a href={target.href} target="_blank" rel="noopener noreferrer">
                  {target.action}
                  <ExternalLink aria-hidden />
                </a>
              </Button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
