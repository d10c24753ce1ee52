import { ImageIcon, Plus, RotateCw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { CurrentUser } from '@shared/schemas/user';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useProjects } from '../api/get-projects';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { useNewVideoLink } from '../hooks/use-new-video-link';
import { AccountSummary } from './account-summary';
import { CreateVideoDialog } from './create-video-dialog';
import { GenerateImageDialog } from './generate-image-dialog';
import { GenerationNotice } from './generation-notice';
import { ProjectList } from './project-list';

interface DashboardOverviewProps {
  user: CurrentUser;
  /** Shown with the plan and credits (the page passes the auth feature's e-mail note). */
  accountNotes?: ReactNode;
}

/** Plan, credits and projects appear together, once the project list has loaded, so nothing jumps. */
export function DashboardOverview({ user, accountNotes }: DashboardOverviewProps) {
  useCheckoutReturn();
  const projects = useProjects();
  const [creating, setCreating] = useState(false);
  const [imaging, setImaging] = useState(false);
  // Use This Prompt on the examples page opens New Video with its prompt (issue 25, item 11).
  const linked = useNewVideoLink();
  const openCreate = () => {
    setCreating(true);
  };
  const onCreateOpenChange = (open: boolean) => {
    setCreating(open);
    if (!open) linked.dismiss();
  };

  if (projects.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-20 text-muted-foreground">
        <Spinner className="text-primary" />
        Loading projects...
      </p>
    );
  }

  return (
    <>
      <AccountSummary user={user}>{accountNotes}</AccountSummary>
      <GenerationNotice className="mt-3" />
      <section aria-labelledby="projects-heading" className="mt-10">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
          <h1 id="projects-heading" className="text-2xl font-bold tracking-tight">
            Your projects
          </h1>
          <div className="flex items-center gap-2">
            <Button type="button" variant="outline" onClick={() => setImaging(true)}>
              <ImageIcon aria-hidden />
              Generate Image
            </Button>
            <Button type="button" variant="brand" onClick={openCreate}>
              <Plus aria-hidden />
              New Video
            </Button>
          </div>
        </div>
        <div className="mt-5">
          {projects.isError ? (
            <Alert variant="destructive">
              <AlertTitle>Couldn't load your projects</AlertTitle>
              <AlertDescription>
                {errorMessage(projects.error, 'Please try again.')}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="mt-2"
                  disabled={projects.isFetching}
                  onClick={() => {
                    void projects.refetch();
                  }}
                >
                  <RotateCw aria-hidden />
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : (
            <ProjectList projects={projects.data} onCreate={openCreate} />
          )}
        </div>
      </section>
      <CreateVideoDialog
        user={user}
        open={creating || linked.prompt !== null}
        onOpenChange={onCreateOpenChange}
        initialPrompt={linked.prompt ?? undefined}
      />
      <GenerateImageDialog user={user} open={imaging} onOpenChange={setImaging} />
    </>
  );
}
