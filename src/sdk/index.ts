// SDK adapters arrive with the host-integration issue.
export {};
