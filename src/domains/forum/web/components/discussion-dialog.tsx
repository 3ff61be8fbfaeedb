import { useState } from 'react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input, Select, Textarea } from '@/web/components/ui/input';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import {
  FORUM_CATEGORIES,
  FORUM_CATEGORY_VALUES,
  FORUM_LIMITS,
  POST_REQUIRED_MESSAGE,
  type ForumCategory,
} from '../../forum.constants';
import { CreateForumPostBodySchema, splitTags, type ForumPost } from '../../forum.schema';
import { useCreateForumPost } from '../api/create-forum-post';
import { useEditForumPost } from '../api/edit-forum-content';

interface DiscussionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this post; without it the dialog starts a new discussion. */
  post?: ForumPost;
  onSaved?: (post: ForumPost) => void;
}

/** New Discussion (and Edit Discussion): title, content, category, comma-separated tags. */
export function DiscussionDialog({ open, onOpenChange, post, onSaved }: DiscussionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {open ? (
          <DiscussionForm post={post} onDone={() => onOpenChange(false)} onSaved={onSaved} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DiscussionForm({
  post,
  onDone,
  onSaved,
}: {
  post?: ForumPost;
  onDone: () => void;
  onSaved?: (post: ForumPost) => void;
}) {
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [category, setCategory] = useState<ForumCategory>(
    (post?.category as ForumCategory | undefined) ?? 'general',
  );
  const [tags, setTags] = useState(post?.tags.join(', ') ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateForumPost();
  const edit = useEditForumPost(post?.id ?? 0);
  const toast = useToast();
  const pending = create.isPending || edit.isPending;

  function submit() {
    const body = { title, content, category, tags: splitTags(tags) };
    if (!title.trim() || !content.trim()) {
      setErrors({
        ...(title.trim() ? {} : { title: POST_REQUIRED_MESSAGE }),
        ...(content.trim() ? {} : { content: POST_REQUIRED_MESSAGE }),
      });
      toast({
        title: 'Validation Error',
        description: POST_REQUIRED_MESSAGE,
        variant: 'destructive',
      });
      return;
    }
    const parsed = CreateForumPostBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors({ [String(issue.path[0] ?? 'title')]: issue.message });
      toast({ title: 'Validation Error', description: issue.message, variant: 'destructive' });
      return;
    }
    setErrors({});
    const done = (saved: ForumPost) => {
      toast({
        title: post ? 'Discussion updated' : 'Discussion started',
        variant: 'success',
      });
      onSaved?.(saved);
      onDone();
    };
    const failed = (error: unknown) =>
      toast({
        title: post ? 'Failed to update post' : 'Failed to create post',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    if (post) edit.mutate(body, { onSuccess: done, onError: failed });
    else create.mutate(body, { onSuccess: done, onError: failed });
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>{post ? 'Edit Discussion' : 'New Discussion'}</DialogTitle>
        <DialogDescription>
          {post
            ? 'Change your discussion. It will be marked as edited.'
            : 'Ask a question or start a conversation with producers, agents and the team.'}
        </DialogDescription>
      </DialogHeader>
      <Field label="Title" required error={errors.title}>
        <Input
          value={title}
          maxLength={FORUM_LIMITS.titleMax}
          onChange={(event) => setTitle(event.target.value)}
          placeholder="What would you like to discuss?"
        />
      </Field>
      <Field label="Category">
        <Select
          value={category}
          onChange={(event) => setCategory(event.target.value as ForumCategory)}
        >
          {FORUM_CATEGORY_VALUES.map((value) => (
            <option key={value} value={value}>
              {FORUM_CATEGORIES[value]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Content" required error={errors.content}>
        <Textarea
          value={content}
          rows={8}
          maxLength={FORUM_LIMITS.contentMax}
          onChange={(event) => setContent(event.target.value)}
          placeholder="Share the details…"
        />
      </Field>
      <Field
        label="Tags"
        error={errors.tags}
        hint={`Separate tags with commas (up to ${FORUM_LIMITS.tagsMax}).`}
      >
        <Input
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          placeholder="options, contracts, uk"
        />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {post ? 'Save Changes' : 'Post Discussion'}
        </Button>
      </DialogFooter>
    </form>
  );
}
