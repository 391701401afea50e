import { acceptInvitation } from '../../domain/accounts/accept-invitation.js';
import { changeMemberRole } from '../../domain/accounts/change-member-role.js';
import { createFirstAdmin } from '../../domain/accounts/create-first-admin.js';
import { getInvitation } from '../../domain/accounts/get-invitation.js';
import { getSignUpLink } from '../../domain/accounts/get-sign-up-link.js';
import { signUpWithLink } from '../../domain/accounts/sign-up-with-link.js';
import { inviteMember } from '../../domain/accounts/invite-member.js';
import { listMyPlatforms } from '../../domain/accounts/list-my-platforms.js';
import { listPlatformMembers } from '../../domain/accounts/list-platform-members.js';
import { removeMember } from '../../domain/accounts/remove-member.js';
import { defineOperation } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { accountAttemptLimits } from './account-limits.js';
import {
  ZInvitation,
  ZInvitationAccepted,
  ZInvitationBody,
  ZInvitationView,
  ZLinkParams,
  ZMember,
  ZMemberParams,
  ZMemberRemoved,
  ZMemberRoleBody,
  ZMembers,
  ZMemberships,
  ZPlatformParams,
  ZAcceptBody,
  ZSessionAnswer,
  ZSetupBody,
  ZSignUpBody,
  ZSignUpLinkView,
} from './app.schema.js';
import { answerNewSession } from './session-cookie.js';
import { accountOf, optionalAccountOf } from './session-auth.js';

const tags = ['Teams'];

/**
 * Teams are platforms: the user's platforms, a platform's members, invitations (made by an admin
 * or manager, or by the operator with `firma user invite`) and the first start's setup link.
 */
export const teamOperations = [
  defineOperation({
    method: 'GET',
    url: '/platforms',
    operationId: 'app-listPlatforms',
    summary: 'The platforms (teams) the user belongs to, with their role in each',
    tags,
    response: ZMemberships,
    handle: async (ctx, request) => ({ data: await listMyPlatforms(ctx, accountOf(request)) }),
  }),

  defineOperation({
    method: 'GET',
    url: '/platforms/:platformId/members',
    operationId: 'app-listMembers',
    summary: 'A platform’s members and their roles (for its members; another platform is 404)',
    tags,
    params: ZPlatformParams,
    response: ZMembers,
    errors: [404],
    handle: async (ctx, request) => ({
      data: await listPlatformMembers(ctx, accountOf(request), request.params.platformId),
    }),
  }),

  defineOperation({
    method: 'PATCH',
    url: '/platforms/:platformId/members/:userId',
    operationId: 'app-changeMemberRole',
    summary: 'Change a member’s role (ADMIN: anyone; MANAGER: members and managers, never to ADMIN)',
    description: 'The last ADMIN cannot be demoted (400 LAST_ADMIN). Another platform, or a non-member, is 404.',
    tags,
    params: ZMemberParams,
    body: ZMemberRoleBody,
    response: ZMember,
    errors: [404],
    handle: (ctx, request) =>
      changeMemberRole(ctx, accountOf(request), { ...request.params, ...request.body }, requestMeta(request)),
  }),

  defineOperation({
    method: 'DELETE',
    url: '/platforms/:platformId/members/:userId',
    operationId: 'app-removeMember',
    summary: 'Remove a member from the platform; their access ends at once',
    description: 'The last ADMIN cannot be removed (400 LAST_ADMIN). Another platform, or a non-member, is 404.',
    tags,
    params: ZMemberParams,
    response: ZMemberRemoved,
    errors: [404],
    handle: async (ctx, request) => {
      await removeMember(ctx, accountOf(request), request.params, requestMeta(request));
      return { removed: true as const };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/platforms/:platformId/invitations',
    operationId: 'app-inviteMember',
    summary: 'Invite an address to the platform with a role; the one-time link is answered (and mailed with SMTP)',
    tags,
    params: ZPlatformParams,
    body: ZInvitationBody,
    response: ZInvitation,
    errors: [404, 409],
    handle: (ctx, request) =>
      inviteMember(ctx, accountOf(request), request.params.platformId, request.body, requestMeta(request)),
  }),

  defineOperation({
    method: 'GET',
    url: '/invitations/:token',
    operationId: 'app-getInvitation',
    summary: 'What an invitation link offers: the platform, the address, the role',
    tags,
    public: true,
    params: ZLinkParams,
    response: ZInvitationView,
    errors: [404],
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: false }),
    handle: (ctx, request) => getInvitation(ctx, request.params.token),
  }),

  defineOperation({
    method: 'POST',
    url: '/invitations/:token/accept',
    operationId: 'app-acceptInvitation',
    summary: 'Accept an invitation: a new account (name and password) signed in, or the signed-in account joins',
    description:
      'An address that has an account joins only from a session of that account (with its X-CSRF-Token); without one the answer is 401 SESSION_REQUIRED.',
    tags,
    public: true,
    params: ZLinkParams,
    body: ZAcceptBody,
    response: ZInvitationAccepted,
    errors: [404, 409],
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: false }),
    handle: async (ctx, request, reply) => {
      const session = await optionalAccountOf(ctx, request);
      const accepted = await acceptInvitation(ctx, request.params.token, request.body, session, requestMeta(request));
      if (accepted.kind === 'joined') return { platformId: accepted.platformId, session: null };
      return { platformId: accepted.platformId, session: answerNewSession(ctx, reply, accepted.started) };
    },
  }),

  defineOperation({
    method: 'POST',
    url: '/setup/:token',
    operationId: 'app-createFirstAdmin',
    summary: 'The first start’s link: create the first administrator (works once) and sign them in',
    tags,
    public: true,
    params: ZLinkParams,
    body: ZSetupBody,
    response: ZSessionAnswer,
    errors: [404, 409],
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: false }),
    handle: async (ctx, request, reply) => {
      const started = await createFirstAdmin(ctx, request.params.token, request.body, requestMeta(request));
      return answerNewSession(ctx, reply, started);
    },
  }),

  defineOperation({
    method: 'GET',
    url: '/sign-up/:token',
    operationId: 'app-getSignUpLink',
    summary: 'What a signing recipient’s sign-up link offers: the address the account will have',
    tags,
    public: true,
    params: ZLinkParams,
    response: ZSignUpLinkView,
    errors: [404],
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: false }),
    handle: (ctx, request) => getSignUpLink(ctx, request.params.token),
  }),

  defineOperation({
    method: 'POST',
    url: '/sign-up/:token',
    operationId: 'app-signUpWithLink',
    summary:
      'A signing recipient’s link: create their account (that e-mail, verified, no team; works once) and sign in',
    tags,
    public: true,
    params: ZLinkParams,
    body: ZSignUpBody,
    response: ZSessionAnswer,
    errors: [404, 409],
    hooks: (ctx) => accountAttemptLimits(ctx, { perAddress: false }),
    handle: async (ctx, request, reply) =>
      answerNewSession(ctx, reply, await signUpWithLink(ctx, request.params.token, request.body, requestMeta(request))),
  }),
];
