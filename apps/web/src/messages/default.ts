/**
 * The product's single locale. Like SPEC.md, it mixes English and French: texts quoted in SPEC.md
 * are kept verbatim, in their original language. `{name}` placeholders are filled by `t()`.
 */
export const messages = {
  // Application
  'app.name': '{brand} Academy',
  'app.documentTitle': '{page} · {brand} Academy',
  'app.skipToContent': 'Skip to content',
  'app.loading': 'Loading…',
  'app.pageLoaded': '{page}',

  // Header
  'nav.label': 'Main',
  'nav.menu': 'Menu',
  'nav.home': 'Home',
  'nav.league': '{brand} League',
  'nav.training': 'Formations',
  'nav.collections': 'Collections',
  'nav.boutiques': 'Boutiques',
  'nav.events': 'Événements',
  'header.homeLink': '{brand}, home',
  'account.menu': 'Account',
  'account.profile': 'Profile',
  'account.news': 'News',
  'account.logout': 'Logout',
  'account.login': 'Login',
  'account.avatarAlt': '',

  // Footer
  'footer.label': 'Legal',
  'footer.tagline': 'Le temps de bien faire.',
  'footer.terms': 'Terms of use',
  'footer.privacy': 'Privacy policy',
  'footer.principles': 'Game principles',
  'footer.copyright': '© {year} {brand}. All rights reserved.',

  // Shared UI
  'ui.close': 'Close',
  'ui.backHome': 'Back to home',
  'comingSoon.eyebrow': 'In preparation',
  'comingSoon.heading': '{page} — coming soon',
  'comingSoon.body':
    'This space is being prepared with the same care as a movement in the workshop. It will open shortly.',

  // Errors of the shell
  'notFound.title': 'Page not found',
  'notFound.eyebrow': 'Error 404',
  'notFound.body': 'The page you are looking for does not exist, or has moved.',
  'routeError.title': 'Something went wrong',
  'routeError.body':
    'This page could not be displayed. Please reload it, or return to the home page.',
  'routeError.reload': 'Reload the page',

  // Login (SPEC.md sections 5 and 8)
  'login.title': 'Log in',
  'login.eyebrow': '{brand} Academy',
  'login.heading': 'Welcome to the Academy',
  'login.intro': 'Training, quizzes and duels for the boutique teams of the house.',
  'login.email': 'Email',
  'login.password': 'Password',
  'login.submit': 'Log in',
  'login.submitting': 'Logging in…',
  'login.noAccount': 'No account yet?',
  'login.register': 'Create an account',
  'login.asideQuote': 'Le temps de bien faire.',
  'login.asideBody':
    'Patience, precision, transmission: the values of the house, shared with every boutique.',
  'login.asideCaption': 'The {brand} Academy',
  'login.errors.emailRequired': 'Email is required',
  'login.errors.emailInvalid': 'Please enter a valid email address',
  'login.errors.passwordRequired': 'Password is required',
  'login.errors.invalidCredentials': 'Invalid email or password',
  'login.errors.generic': 'An error occurred during login',
  'login.errors.network': 'Unable to connect to the server',

  // Register (placeholder, French as SPEC.md says)
  'register.title': 'Créer un compte',
  'register.eyebrow': 'Académie {brand}',
  'register.heading': 'Créer un compte',
  'register.intro': 'Rejoignez l’Académie de la Maison.',
  'register.name': 'Nom',
  'register.email': 'Adresse e-mail',
  'register.password': 'Mot de passe',
  'register.passwordConfirmation': 'Confirmation du mot de passe',
  'register.submit': 'Créer mon compte',
  'register.providedByHouse': 'Les comptes sont fournis par la Maison.',
  'register.managerNote':
    'Merci. Les comptes sont créés par la direction de votre boutique, qui vous transmettra vos accès.',
  'register.haveAccount': 'Déjà un compte ? Se connecter',

  // Home
  'home.title': 'Home',
  'home.eyebrow': '{brand} Academy',
  'home.welcome': 'Welcome, {first_name}',
  'home.welcomeAnonymous': 'Welcome',
  'home.lede': 'Your training, your quizzes and your duels, in a few quiet minutes a day.',
  'home.heroNote': '2 members of your team completed their training this week',
  'home.heroEyebrow': 'Your boutique',
  'home.cupEyebrow': 'This season',
  'home.cupTitle': 'The {brand} Cup',
  'home.cupBody':
    'Boutiques of the house meet across three splits. Every training completed, every quiz and every duel won brings your team closer to the cup.',
  'home.cupLink': 'Discover the league',

  // Page names used by the placeholders
  'page.quizStart': 'Quiz',
  'page.quizPlay': 'Quiz',
  'page.quizResult': 'Quiz result',
  'page.daily': 'Daily Challenge',
  'page.dailyQuestion': 'Daily question',
  'page.training': 'Trainings',
  'page.users': 'Utilisateurs',
  'page.rankings': 'Rankings',
  'page.badges': 'Mes badges',
  'page.profile': 'Profile',
  'page.duels': 'Duels',
  'page.duelCreate': 'Créer un duel',
  'page.duelRound': 'Duel',
  'page.duelResult': 'Duel result',
  'page.league': '{brand} League',
} as const satisfies Record<string, string>;

export type Messages = typeof messages;
export type MessageKey = keyof Messages;
