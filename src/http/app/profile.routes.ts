import { getPublicProfile } from '../../domain/team-profile/get-public-profile.js';
import { getTeamProfile } from '../../domain/team-profile/get-team-profile.js';
import { updateTeamProfileSettings } from '../../domain/team-profile/update-team-profile.js';
import { defineOperation } from '../operation.js';
import { requestMeta } from '../plugins/caller.js';
import { ZPlatformParams } from './app.schema.js';
import { ZProfileParams, ZPublicProfile, ZTeamProfile, ZTeamProfileBody } from './profile.schema.js';
import { accountOf } from './session-auth.js';

const tags = ['Public profile'];

/**
 * A team's public profile: its administrators set it (published or not, its address, name and
 * description); anyone reads a published one, which lists the team's PUBLIC templates whose direct
 * link is on, and nothing else.
 */
export const profileOperations = [
  defineOperation({
    method: 'GET',
    url: '/platforms/:platformId/profile',
    operationId: 'app-getTeamProfile',
    summary: 'The team’s public profile settings (administrators only)',
    tags,
    params: ZPlatformParams,
    response: ZTeamProfile,
    errors: [403, 404],
    handle: (ctx, request) => getTeamProfile(ctx, accountOf(request), request.params.platformId, requestMeta(request)),
  }),
  defineOperation({
    method: 'POST',
    url: '/platforms/:platformId/profile',
    operationId: 'app-setTeamProfile',
    summary: 'Publish or withdraw the team’s public profile, and set its address, name and description',
    description: 'Administrators only (403 FORBIDDEN). A slug another team has is 409 ALREADY_EXISTS.',
    tags,
    params: ZPlatformParams,
    body: ZTeamProfileBody,
    response: ZTeamProfile,
    errors: [403, 404, 409],
    handle: (ctx, request) =>
      updateTeamProfileSettings(ctx, accountOf(request), request.params.platformId, request.body, requestMeta(request)),
  }),
  defineOperation({
    method: 'GET',
    url: '/profiles/:slug',
    operationId: 'app-getPublicProfile',
    summary: 'A published team profile: its name, description and PUBLIC templates with their direct links',
    description: 'No session needed. An unknown or unpublished profile is the same 404.',
    tags,
    public: true,
    params: ZProfileParams,
    response: ZPublicProfile,
    errors: [404],
    handle: (ctx, request) => getPublicProfile(ctx, request.params.slug),
  }),
];
