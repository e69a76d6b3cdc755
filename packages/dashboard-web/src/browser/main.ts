import { DashboardApp } from './app';

const root = document.getElementById('app');
if (root) void new DashboardApp(root).start();
