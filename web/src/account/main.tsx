import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from '../api/queryClient';
import '../ui/styles.css';
import { App } from './App';
import { readConfig } from './config';
import { keepReferralClick } from '../referralClick';

keepReferralClick(); // a friend's share link may land on the account area too

const root = document.getElementById('root');
if (!root) throw new Error('account.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App queryClient={createQueryClient()} config={readConfig()} />
  </StrictMode>,
);
