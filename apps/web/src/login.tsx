import { startLoginShell } from '@/app/login-shell';
import '@/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from login.html.');

startLoginShell(container);
