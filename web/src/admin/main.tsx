import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/styles.css';
import './admin.css';
import { App } from './App';
import { createAdminQueryClient } from './queryClient';

const root = document.getElementById('root');
if (!root) throw new Error('admin.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App queryClient={createAdminQueryClient()} />
  </StrictMode>,
);
