/** Front door of the insights room's browser code: the agent's Analytics tab. */

/** The agent's Analytics tab, loaded on demand (it brings recharts). */
export const loadAgentAnalytics = () => import('./components/agent-analytics');
