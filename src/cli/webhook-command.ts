import type { Ctx } from '../domain/context.js';
import { EVENT_TYPES, type EventType } from '../domain/events/record-event.js';
import { getPlatformOperator } from '../domain/platforms/get-platform-operator.js';
import { createWebhook, deleteWebhook, listWebhooks } from '../domain/webhooks/manage-webhooks.js';
import { AppError } from '../errors.js';

export interface WebhookCommandInput {
  sub: string | undefined;
  arg: string | undefined;
  platform: string | undefined;
  url: string | undefined;
  events: string | undefined;
  secret: string | undefined;
  json: boolean;
}

/**
 * `firma webhook create|list|delete`: the same use cases as the API, acting as the platform's
 * operator. The secret is printed once, on create.
 */
export async function webhookCommand(
  ctx: Ctx,
  input: WebhookCommandInput,
  out: (text: string) => void,
): Promise<number> {
  if (!input.platform) throw new AppError('VALIDATION_ERROR', `webhook ${input.sub ?? ''} needs --platform <name>`);
  const operator = await getPlatformOperator(ctx, input.platform);
  switch (input.sub) {
    case 'create': {
      if (!input.url) throw new AppError('VALIDATION_ERROR', 'webhook create needs --url <http(s) URL>');
      const events = (input.events ?? EVENT_TYPES.join(','))
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const unknown = events.filter((e) => !(EVENT_TYPES as readonly string[]).includes(e));
      if (unknown.length || events.length === 0)
        throw new AppError('VALIDATION_ERROR', `--events takes a comma-separated list of: ${EVENT_TYPES.join(', ')}`);
      if (input.secret !== undefined && input.secret.length < 16)
        throw new AppError('VALIDATION_ERROR', '--secret must be at least 16 characters');
      const created = await createWebhook(ctx, operator, {
        url: input.url,
        events: events as EventType[],
        secret: input.secret,
      });
      out(input.json ? JSON.stringify(created) : `${created.id}\nsecret (shown once): ${created.secret}`);
      return 0;
    }
    case 'list': {
      const { data } = await listWebhooks(ctx, operator);
      if (input.json) out(JSON.stringify(data));
      else if (data.length === 0) out('(no webhooks)');
      else for (const w of data) out(`${w.id}\t${w.enabled ? 'enabled' : 'disabled'}\t${w.url}\t${w.events.join(',')}`);
      return 0;
    }
    case 'delete': {
      if (!input.arg) throw new AppError('VALIDATION_ERROR', 'webhook delete needs a webhook id');
      await deleteWebhook(ctx, operator, input.arg);
      out(input.json ? JSON.stringify({ id: input.arg, deleted: true }) : `${input.arg} deleted`);
      return 0;
    }
    default:
      throw new AppError('VALIDATION_ERROR', 'webhook takes create, list or delete');
  }
}
