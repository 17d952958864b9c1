import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// eslint.config.js is plain JavaScript (untyped): loaded by its URL and typed as ESLint's flat config.
const configUrl = new URL('../../eslint.config.js', import.meta.url);
const { default: config } = (await import(fileURLToPath(configUrl))) as { default: Linter.Config[] };

/**
 * The import fences of eslint.config.js, checked on code that breaks them: the layout's promises
 * (README.md, Layout) hold only while lint refuses these imports.
 */
function importProblems(filename: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const fences = config
    .filter((entry) => entry.rules?.['no-restricted-imports'] !== undefined)
    .map((entry) => ({
      files: entry.files,
      rules: { 'no-restricted-imports': entry.rules!['no-restricted-imports'] },
    }));
  const messages = linter.verify(
    code,
    [{ files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } }, ...fences],
    filename,
  );
  return messages.map((m) => m.message);
}

describe('import fences', () => {
  it('keeps src/ui from importing the composition root, the live layer or a feature', () => {
    expect(importProblems('src/ui/card.tsx', "import { App } from '../app/app.tsx';")).toEqual([
      expect.stringContaining('src/app is the composition root'),
    ]);
    expect(importProblems('src/ui/card.tsx', "import { CartContext } from '../live/cart.tsx';")).toEqual([
      expect.stringContaining('src/ui is shared by the features'),
    ]);
    expect(
      importProblems('src/ui/card.tsx', "import { HomePage } from '../features/home/home-page.tsx';"),
    ).toHaveLength(1);
  });

  it('keeps every feature from importing the composition root, and lets it use the live layer', () => {
    expect(
      importProblems('src/features/cart/cart-page.tsx', "import { AppRoutes } from '../../app/routes.tsx';"),
    ).toEqual([expect.stringContaining('src/app is the composition root')]);
    expect(
      importProblems('src/features/admin/x.tsx', "import { Shell } from '../../app/shell/shell.tsx';"),
    ).toHaveLength(1);
    expect(
      importProblems('src/features/cart/cart-page.tsx', "import { CartContext } from '../../live/cart.tsx';"),
    ).toEqual([]);
    expect(
      importProblems('src/features/cart/cart-page.tsx', "import { X } from '../checkout/checkout-page.tsx';"),
    ).toEqual([expect.stringContaining('No feature imports another feature')]);
  });

  it('keeps src/live below the features, and src/lib below everything in src', () => {
    expect(
      importProblems('src/live/cart.tsx', "import { CartPage } from '../features/cart/cart-page.tsx';"),
    ).toEqual([expect.stringContaining('src/live supplies the features')]);
    expect(importProblems('src/live/cart.tsx', "import { routes } from '../app/routes.tsx';")).toHaveLength(1);
    expect(importProblems('src/lib/orders.ts', "import { Price } from '../ui/price.tsx';")).toEqual([
      expect.stringContaining('src/lib talks to the API'),
    ]);
    expect(importProblems('src/lib/orders.ts', "import { x } from '../live/session.tsx';")).toHaveLength(1);
  });

  it('finds no import of the composition root anywhere below it in the tree', () => {
    const below = ['src/lib', 'src/ui', 'src/live', 'src/features'];
    const offenders: string[] = [];
    for (const dir of below) {
      for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
        if (!/\.tsx?$/.test(file)) continue;
        const source = fs.readFileSync(path.join(dir, file), 'utf8');
        for (const [, spec] of source.matchAll(/from '([^']+)'/g)) {
          const target = path.normalize(path.join(dir, path.dirname(file), spec!));
          if (target.startsWith('src/app/')) offenders.push(`${dir}/${file} -> ${spec}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('lets src/ui import contract, machines and src/lib', () => {
    const code = [
      "import { formatRupees } from '../../contract/money.ts';",
      "import type { cartMachine } from '../../machines/cart/cart.machine.ts';",
      "import { imageUrl } from '../lib/config.ts';",
    ].join('\n');
    expect(importProblems('src/ui/card.tsx', code)).toEqual([]);
  });

  it('still keeps machines away from src/', () => {
    expect(
      importProblems('machines/cart/cart.lines.ts', "import { x } from '../../src/lib/format.ts';"),
    ).toHaveLength(1);
  });

  it('lets the server run the lifecycle charts, and no other machine', () => {
    expect(
      importProblems(
        'server/services/order-lifecycle.ts',
        "import { orderLifecycleMachine } from '../../machines/order-lifecycle/order-lifecycle.machine.ts';",
      ),
    ).toEqual([]);
    expect(
      importProblems(
        'server/services/booking-lifecycle.ts',
        "import { whyBookingRefused } from '../../machines/booking-lifecycle/booking-lifecycle.selectors.ts';",
      ),
    ).toEqual([]);
    expect(
      importProblems(
        'server/services/orders.ts',
        "import { cartMachine } from '../../machines/cart/cart.machine.ts';",
      ),
    ).toHaveLength(1);
    expect(importProblems('server/app.ts', "import { x } from '../src/lib/format.ts';")).toHaveLength(1);
  });

  it('keeps contract free of machines, server and src', () => {
    expect(
      importProblems(
        'contract/orders.ts',
        "import { orderLifecycleMachine } from '../machines/order-lifecycle/order-lifecycle.machine.ts';",
      ),
    ).toHaveLength(1);
  });
});
