import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AVATAR_URL, PROFILE_PICTURE_MAX_BYTES } from '@app/contract/constants';
import { json } from '@/testing/fetch-mock';
import { demoUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { profileServer, storedUser } from '../testing/profile-server';

type App = ReturnType<typeof renderApp>;

async function openProfileTab(app: App) {
  await app.user.click(await screen.findByRole('tab', { name: 'Profile' }));
  return screen.getByRole('tabpanel', { name: 'Profile' });
}

/** The avatar of the header's account menu. */
const headerAvatar = () =>
  screen.getByRole('button', { name: 'Account' }).querySelector('img')!.getAttribute('src');

const png = (bytes = 64, name = 'portrait.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('/profile, the Profile tab', () => {
  it('shows the user’s details in the form', async () => {
    profileServer({ ...demoUser, website: 'https://camille.example.com' });
    const app = renderApp('/profile');
    const panel = await openProfileTab(app);

    expect(within(panel).getByRole('heading', { name: 'Your details' })).toBeTruthy();
    const value = (label: string) =>
      (within(panel).getByLabelText(label) as HTMLInputElement).value;
    expect(value('Last name')).toBe('Rochat');
    expect(value('First name')).toBe('Camille');
    expect(value('Username')).toBe('camille');
    expect(value('Email')).toBe('demo@example.com');
    expect(value('Personal website')).toBe('https://camille.example.com');
  });

  it('saves the changes, says so, and shows the new name everywhere', async () => {
    const server = profileServer();
    const app = renderApp('/profile');
    const panel = await openProfileTab(app);

    const firstName = within(panel).getByLabelText('First name');
    await app.user.clear(firstName);
    await app.user.type(firstName, 'Camila');
    await app.user.type(within(panel).getByLabelText('Personal website'), 'https://camila.example');
    await app.user.click(within(panel).getByRole('button', { name: 'Save changes' }));

    expect(await within(panel).findByText('Your profile has been saved.')).toBeTruthy();
    expect(within(panel).getByRole('status').textContent).toBe('Your profile has been saved.');
    expect(server.callsTo('PUT', '/api/user')[0]!.body).toEqual({
      first_name: 'Camila',
      last_name: 'Rochat',
      username: 'camille',
      email: 'demo@example.com',
      website: 'https://camila.example',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Camila Rochat' })).toBeTruthy();
    expect(storedUser()).toMatchObject({ first_name: 'Camila', name: 'Camila Rochat' });
    expect(storedUser().token).toBeTruthy();

    // Editing again hides the confirmation of the last save.
    await app.user.type(firstName, 'x');
    expect(within(panel).queryByText('Your profile has been saved.')).toBeNull();
  });

  it('checks the fields with the contract before sending anything', async () => {
    const server = profileServer();
    const app = renderApp('/profile');
    const panel = await openProfileTab(app);

    await app.user.clear(within(panel).getByLabelText('First name'));
    const email = within(panel).getByLabelText('Email');
    await app.user.clear(email);
    await app.user.type(email, 'camille.example.com');
    await app.user.type(within(panel).getByLabelText('Personal website'), 'not a site');
    await app.user.click(within(panel).getByRole('button', { name: 'Save changes' }));

    expect(await within(panel).findByText('The first name field is required.')).toBeTruthy();
    expect(within(panel).getByText('The email must be a valid email address.')).toBeTruthy();
    expect(within(panel).getByText('The website must be a valid URL.')).toBeTruthy();
    expect(within(panel).getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(within(panel).getByLabelText('First name'));
    expect(server.callsTo('PUT', '/api/user')).toHaveLength(0);
  });

  it('shows the messages of a 422 under their fields', async () => {
    profileServer().on(
      'PUT',
      '/api/user',
      json(422, {
        message: 'The email has already been taken. (and 1 more error)',
        errors: {
          email: ['The email has already been taken.'],
          username: ['The username has already been taken.'],
        },
      }),
    );
    const app = renderApp('/profile');
    const panel = await openProfileTab(app);

    const email = within(panel).getByLabelText('Email');
    await app.user.clear(email);
    await app.user.type(email, 'lea.bonvin@example.com');
    await app.user.click(within(panel).getByRole('button', { name: 'Save changes' }));

    const emailError = await within(panel).findByText('The email has already been taken.');
    expect(email.getAttribute('aria-describedby')).toContain(emailError.id);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const username = within(panel).getByLabelText('Username');
    expect(username.getAttribute('aria-describedby')).toContain(
      within(panel).getByText('The username has already been taken.').id,
    );
    expect(within(panel).queryByText('Your profile has been saved.')).toBeNull();
    expect(storedUser().email).toBe('demo@example.com');
  });

  it('says when the profile could not be saved for another reason', async () => {
    profileServer().on('PUT', '/api/user', json(500, { message: 'Server Error' }));
    const app = renderApp('/profile');
    const panel = await openProfileTab(app);

    await app.user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'Your profile could not be saved. Please try again.',
    );
  });
});

describe('/profile, the picture', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('refuses a file that is not a JPEG, PNG or GIF, without sending it', async () => {
    const server = profileServer();
    renderApp('/profile');
    const input = await screen.findByLabelText('Add a picture');
    expect(input.getAttribute('accept')).toContain('image/png');

    fireEvent.change(input, { target: { files: [png(64, 'notes.pdf', 'application/pdf')] } });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please select a valid image file (JPEG, PNG, or GIF)',
    );
    expect(screen.queryByRole('img', { name: 'Preview of your new profile picture' })).toBeNull();
    expect(server.callsTo('POST', '/api/user/profile-picture')).toHaveLength(0);
  });

  it('refuses an image over 2 MB, without sending it', async () => {
    const server = profileServer();
    const app = renderApp('/profile');
    const input = await screen.findByLabelText('Add a picture');

    await app.user.upload(input, png(PROFILE_PICTURE_MAX_BYTES + 1));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Image size should be less than 2MB',
    );
    expect(server.callsTo('POST', '/api/user/profile-picture')).toHaveLength(0);
  });

  it('accepts an image of exactly 2 MB', async () => {
    profileServer();
    const app = renderApp('/profile');
    await app.user.upload(
      await screen.findByLabelText('Add a picture'),
      png(PROFILE_PICTURE_MAX_BYTES),
    );
    expect(screen.getByRole('img', { name: 'Preview of your new profile picture' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('previews the chosen image, uploads it, and shows it everywhere', async () => {
    const server = profileServer();
    const app = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Camille Rochat' });
    expect(headerAvatar()).toBe(DEFAULT_AVATAR_URL);

    const file = png(2048);
    await app.user.upload(screen.getByLabelText('Add a picture'), file);
    const preview = screen.getByRole('img', { name: 'Preview of your new profile picture' });
    expect(preview.getAttribute('src')).toBe('blob:http://localhost/preview');
    expect(server.callsTo('POST', '/api/user/profile-picture')).toHaveLength(0);
    const userLoads = server.callsTo('GET', '/api/user').length;

    await app.user.click(screen.getByRole('button', { name: 'Save picture' }));

    expect(await screen.findByText('Your profile picture has been updated.')).toBeTruthy();
    const [upload] = server.callsTo('POST', '/api/user/profile-picture');
    const body = upload!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('profile_picture')).toBe(file);
    const newPicture = '/uploads/profile-pictures/5f2c.webp';
    expect(headerAvatar()).toBe(newPicture);
    expect(screen.getByRole('main').querySelector(`img[src="${newPicture}"]`)).not.toBeNull();
    expect(screen.queryByRole('img', { name: 'Preview of your new profile picture' })).toBeNull();
    expect(storedUser()).toMatchObject({
      profile_picture_url: newPicture,
      profile_picture: 'profile-pictures/5f2c.webp',
    });
    // The current user is asked again.
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/user').length).toBeGreaterThan(userLoads),
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/preview');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Change picture')),
    );
  });

  it('drops the preview on Cancel', async () => {
    const server = profileServer();
    const app = renderApp('/profile');
    await app.user.upload(await screen.findByLabelText('Add a picture'), png());

    await app.user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('img', { name: 'Preview of your new profile picture' })).toBeNull();
    expect(server.callsTo('POST', '/api/user/profile-picture')).toHaveLength(0);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Add a picture')),
    );
  });

  it.each([
    [500, 'Failed to upload profile picture. Please try again.'],
    [413, 'Image size should be less than 2MB'],
    [422, 'Please select a valid image file (JPEG, PNG, or GIF)'],
  ])('says why an upload failed (%s)', async (status, message) => {
    profileServer().on(
      'POST',
      '/api/user/profile-picture',
      json(status, { message: 'The profile picture is invalid.' }),
    );
    const app = renderApp('/profile');
    await app.user.upload(await screen.findByLabelText('Add a picture'), png());
    await app.user.click(screen.getByRole('button', { name: 'Save picture' }));

    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(headerAvatar()).toBe(DEFAULT_AVATAR_URL);
    expect(storedUser().profile_picture).toBeNull();
  });

  const withPicture = {
    ...demoUser,
    profile_picture: 'profile-pictures/a1.webp',
    profile_picture_url: '/uploads/profile-pictures/a1.webp',
  };

  it('offers no deletion when there is no picture', async () => {
    profileServer();
    renderApp('/profile');
    await screen.findByLabelText('Add a picture');
    expect(screen.queryByRole('button', { name: 'Delete picture' })).toBeNull();
  });

  it('asks before deleting the picture, and keeps it when the user says no', async () => {
    const server = profileServer(withPicture);
    const app = renderApp('/profile');
    const remove = await screen.findByRole('button', { name: 'Delete picture' });

    await app.user.click(remove);
    const dialog = screen.getByRole('alertdialog', {
      name: 'Are you sure you want to delete your profile picture?',
    });
    await app.user.click(within(dialog).getByRole('button', { name: 'Keep it' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(server.callsTo('DELETE', '/api/user/profile-picture')).toHaveLength(0);
  });

  it('deletes the picture once confirmed, and shows the default one everywhere', async () => {
    const server = profileServer(withPicture);
    const app = renderApp('/profile');
    await app.user.click(await screen.findByRole('button', { name: 'Delete picture' }));
    expect(headerAvatar()).toBe('/uploads/profile-pictures/a1.webp');

    const dialog = screen.getByRole('alertdialog', {
      name: 'Are you sure you want to delete your profile picture?',
    });
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Your profile picture has been deleted.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.callsTo('DELETE', '/api/user/profile-picture')).toHaveLength(1);
    expect(headerAvatar()).toBe(DEFAULT_AVATAR_URL);
    expect(storedUser()).toMatchObject({
      profile_picture: null,
      profile_picture_url: DEFAULT_AVATAR_URL,
    });
    expect(screen.queryByRole('button', { name: 'Delete picture' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('Add a picture')),
    );
  });

  it('says when the picture could not be deleted', async () => {
    profileServer(withPicture).on(
      'DELETE',
      '/api/user/profile-picture',
      json(500, { message: 'Server Error' }),
    );
    const app = renderApp('/profile');
    await app.user.click(await screen.findByRole('button', { name: 'Delete picture' }));
    await app.user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to delete profile picture. Please try again.',
    );
    expect(headerAvatar()).toBe('/uploads/profile-pictures/a1.webp');
  });
});
