import { z } from 'zod';

// The server's Content-Security-Policy allows no eval: zod validates without compiling (and never probes for it).
z.config({ jitless: true });
