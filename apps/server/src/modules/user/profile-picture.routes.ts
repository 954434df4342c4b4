import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROFILE_PICTURE_MAX_BYTES } from '@app/contract/constants';
import { profilePictureResponse } from '@app/contract/user';
import { bodyLengthLimit, readFileField } from '../../lib/multipart-file';
import { responses } from '../../lib/route-schemas';
import { sessionOf } from '../../plugins/auth';
import {
  PROFILE_PICTURE_BODY_LIMIT,
  PROFILE_PICTURE_FIELD,
  PROFILE_PICTURE_MESSAGES,
  deleteProfilePicture,
  uploadProfilePicture,
} from './profile-picture.service';

const profilePictureRoutes: FastifyPluginAsyncZod = async (app) => {
  const options = { uploadDir: app.config.uploadDir };

  app.delete(
    '/api/user/profile-picture',
    {
      schema: {
        tags: ['user'],
        summary: 'Delete the profile picture',
        description: 'The file is deleted; `profile_picture_url` is the default avatar’s.',
        response: responses({ 200: profilePictureResponse }),
      },
    },
    async (request) => deleteProfilePicture(app.db, sessionOf(request).userId, options),
  );

  // The only route that reads multipart bodies: the parser lives in this scope alone, and any
  // other type of body gets a 415 here before it is read.
  await app.register(async (uploads) => {
    uploads.removeAllContentTypeParsers();
    await uploads.register(multipart, {
      limits: {
        fileSize: PROFILE_PICTURE_MAX_BYTES,
        parts: 20,
        fieldSize: 4096,
        headerPairs: 20,
      },
    });

    uploads.post(
      '/api/user/profile-picture',
      {
        preParsing: bodyLengthLimit(PROFILE_PICTURE_BODY_LIMIT, PROFILE_PICTURE_MESSAGES.tooLarge),
        config: { uploadField: PROFILE_PICTURE_FIELD },
        schema: {
          tags: ['user'],
          summary: 'Upload a new profile picture (multipart field `profile_picture`)',
          description:
            'A JPEG, PNG or GIF, recognised by its content (not its name or declared type), of at most ' +
            '2 MB (413 as soon as the file passes it, before the rest is read) and 40 megapixels. It is ' +
            'stored as a WebP of at most 512×512 without metadata, under a new name; the previous ' +
            'picture is deleted. 422 with a message for `profile_picture` when it is missing, not a ' +
            'file, of another type, too large in pixels or unreadable.',
          consumes: ['multipart/form-data'],
          response: responses({ 200: profilePictureResponse }, [400, 411, 413, 415, 422]),
        },
      },
      async (request) =>
        uploadProfilePicture(
          app.db,
          sessionOf(request).userId,
          await readFileField(request, PROFILE_PICTURE_FIELD, PROFILE_PICTURE_MESSAGES.tooLarge),
          options,
        ),
    );
  });
};

export default profilePictureRoutes;
