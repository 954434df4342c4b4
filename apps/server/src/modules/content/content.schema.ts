import { z } from 'zod';
import { BADGE_CODES, TRAINING_CATEGORIES } from '@app/contract/constants';

/** The shape of the files in content/, as the brand's training team writes them. */

const key = z.string().regex(/^[a-z0-9-]+$/, 'keys are lowercase letters, digits and dashes');
const imagePath = z
  .string()
  .regex(/^\/images\/[\w\-/]+\.(svg|png|jpg|webp)$/, 'an image path under /images/');

export const categoryFile = z
  .array(
    z.object({
      key: z.enum(TRAINING_CATEGORIES),
      name: z.string().min(1).max(120),
      position: z.number().int(),
      title: z.string().min(1).max(200),
      description: z.string().min(1).max(600),
      cover: imagePath,
      lesson: z.object({
        intro: z.string().min(1),
        sections: z
          .array(
            z.object({
              heading: z.string().min(1),
              paragraphs: z.array(z.string().min(1)).min(1),
              image: z
                .object({ src: imagePath, alt: z.string().trim().min(1).max(200) })
                .optional(),
            }),
          )
          .min(1),
        key_points: z.array(z.string().min(1)).default([]),
      }),
    }),
  )
  .min(1);

const choice = z.object({ id: z.number().int().positive(), text: z.string().min(1).max(255) });

const questionBase = {
  key,
  text: z.string().min(1).max(500),
  explanation: z.string().max(600).optional(),
  active: z.boolean().default(true),
};

export const question = z
  .discriminatedUnion('mode', [
    z.object({
      ...questionBase,
      mode: z.literal('qcm_2'),
      choices: z.array(choice).length(2),
      correct_choice_id: z.number().int(),
    }),
    z.object({
      ...questionBase,
      mode: z.literal('qcm_4'),
      choices: z.array(choice).length(4),
      correct_choice_id: z.number().int(),
    }),
    z.object({
      ...questionBase,
      mode: z.literal('open'),
      accepted_answers: z.array(z.string().trim().min(1).max(120)).min(1),
    }),
  ])
  .superRefine((q, ctx) => {
    if (q.mode === 'open') return;
    const ids = q.choices.map((c) => c.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'choice ids must be unique' });
    if (!ids.includes(q.correct_choice_id)) {
      ctx.addIssue({
        code: 'custom',
        path: ['correct_choice_id'],
        message: 'must be one of the choice ids',
      });
    }
  });
export type ContentQuestion = z.infer<typeof question>;
export const questionFile = z.array(question);

export const badgeFile = z.array(
  z.object({
    code: z.enum(BADGE_CODES),
    name: z.string().min(1).max(120),
    description: z.string().min(1),
    icon: imagePath,
    position: z.number().int(),
  }),
);

export const titleFile = z.array(
  z.object({
    key,
    name: z.string().min(1).max(120),
    min_points: z.number().int().min(0),
    image: imagePath,
  }),
);

const monthDay = z.string().regex(/^\d{2}-\d{2}$/, 'MM-DD');
export const splitFile = z.array(
  z.object({ name: z.string().min(1), start: monthDay, end: monthDay }),
);

export const duelQuizFile = z.array(
  z.object({
    key,
    name: z.string().min(1).max(120),
    description: z.string().min(1),
    category: z.enum(TRAINING_CATEGORIES).nullable(),
  }),
);
