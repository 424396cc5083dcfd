import { describe, expect, it } from 'vitest';
import { mergeByNode, parseArgs, perNodeGroups, withNode } from '../lib/nodes.js';
import type { Figure } from '../lib/report.js';

const KNOWN = ['size', 'http', 'memory', 'webhooks', 'package', 'install'];
const fig = (figure: string, median: number): Figure => ({
  figure,
  unit: 'req/s',
  embedkit: { median, min: median, max: median, runs: 1 },
  target: '>= 1',
  pass: true,
});

describe('parseArgs', () => {
  it('runs every group but the opt-in install on this Node.js, and the per-Node groups on the other supported major', () => {
    expect(parseArgs([], KNOWN, '24')).toEqual({ groups: ['size', 'http', 'memory', 'webhooks', 'package'], otherNodes: ['22'] });
    expect(parseArgs([], KNOWN, '22').otherNodes).toEqual(['24']);
  });

  it('adds the install group with --install, or when it is named', () => {
    expect(parseArgs(['--install'], KNOWN, '20').groups).toContain('install');
    expect(parseArgs(['install'], KNOWN, '20').groups).toEqual(['install']);
  });

  it('runs only the named groups, in the order they are known', () => {
    expect(parseArgs(['webhooks', 'size'], KNOWN, '20').groups).toEqual(['size', 'webhooks']);
  });

  it('takes other Node.js majors from --nodes, none with --nodes= or --this-node-only, never the running one twice', () => {
    expect(parseArgs(['--nodes=22,24'], KNOWN, '20').otherNodes).toEqual(['22', '24']);
    expect(parseArgs(['--nodes='], KNOWN, '20').otherNodes).toEqual([]);
    expect(parseArgs(['--this-node-only', '--json-out=/tmp/f.json'], KNOWN, '24')).toEqual({
      groups: ['size', 'http', 'memory', 'webhooks', 'package'],
      otherNodes: [],
      jsonOut: '/tmp/f.json',
    });
    expect(parseArgs(['--nodes=24'], KNOWN, '24').otherNodes).toEqual([]);
  });

  it('refuses an unknown group, flag or major', () => {
    expect(() => parseArgs(['htpp'], KNOWN, '20')).toThrow(/unknown benchmark group "htpp"/);
    expect(() => parseArgs(['--instal'], KNOWN, '20')).toThrow(/unknown option --instal/);
    expect(() => parseArgs(['--nodes=lts'], KNOWN, '20')).toThrow(/not a Node.js major/);
  });
});

describe('perNodeGroups', () => {
  it('keeps the groups whose figures depend on the server’s Node.js', () => {
    expect(perNodeGroups(['size', 'http', 'memory', 'webhooks', 'install'])).toEqual(['http', 'memory', 'webhooks']);
  });
});

describe('withNode and mergeByNode', () => {
  it('tags each figure with its Node.js version and puts each figure’s versions side by side', () => {
    const on20 = withNode([fig('size', 1), fig('http a', 2), fig('http b', 3)], 'v20.20.2');
    const on24 = withNode([fig('http a', 4), fig('http b', 5), fig('only 24', 6)], 'v24.21.0');
    expect(mergeByNode([on20, on24]).map((f) => `${f.figure}@${f.node}=${f.embedkit.median}`)).toEqual([
      'size@v20.20.2=1',
      'http a@v20.20.2=2',
      'http a@v24.21.0=4',
      'http b@v20.20.2=3',
      'http b@v24.21.0=5',
      'only 24@v24.21.0=6',
    ]);
  });

  it('leaves the figures it is given unchanged', () => {
    const original = [fig('x', 1)];
    withNode(original, 'v20.20.2');
    expect(original[0]).not.toHaveProperty('node');
  });
});
