import express, { Router, type Request } from 'express';
import request from 'supertest';
import { doorFinder } from './aborted-door';
import { routeOf } from './request-log';

/** Doors shaped like the service's: a router mounted under a prefix, parameters, one method per door. */
function doors() {
  const app = express();
  const elements = Router();
  elements.get('/session', (req, res) => void res.send(routeOf(req)));
  elements.post('/session/attempts', (req, res) => void res.send(routeOf(req)));
  elements.post('/session/attempts/:attemptId/confirm', (req, res) => void res.send(routeOf(req)));
  app.use('/elements', elements);
  app.post('/api/sessions', (req, res) => void res.send(routeOf(req)));
  app.post('/api/attempts/:attemptId/refund', (req, res) => void res.send(routeOf(req)));
  app.use((_req, res) => void res.status(404).send('unmatched'));
  return app;
}

/** A request as the error handler sees it when the body failed before any route was matched. */
const unrouted = (method: string, path: string) => ({ method, baseUrl: '', path }) as unknown as Request;

describe('doorFinder: the door of a request whose body failed before its route was matched', () => {
  const app = doors();
  const doorOf = doorFinder(app as unknown as Parameters<typeof doorFinder>[0]);

  it.each([
    ['POST', '/elements/session/attempts'],
    ['POST', '/elements/session/attempts/'],
    ['POST', '/Elements/Session/Attempts'],
    ['POST', '/elements/session/attempts/0190a0a0-0000-7000-8000-000000000001/confirm'],
    ['POST', '/elements/session/attempts/a%2Fb/confirm'],
    ['POST', '/elements/session/attempts//confirm'],
    ['POST', '/elements/session/attempts/x/y/confirm'],
    ['POST', '/elements/session'],
    ['GET', '/elements/session'],
    ['POST', '/api/sessions'],
    ['POST', '/api/attempts/a1/refund'],
    ['PUT', '/api/sessions'],
    ['POST', '/api/sessions.json'],
    ['POST', '/nowhere'],
  ])('names the door Express itself matches for %s %s', async (method, path) => {
    const answer = await request(app)[method.toLowerCase() as 'post' | 'get' | 'put'](path);
    expect(doorOf(unrouted(method, path))).toBe(answer.text);
  });

  it('names the matched route when Express had matched it', () => {
    const routed = { method: 'POST', baseUrl: '/elements', path: '/session/attempts', route: { path: '/session/attempts' } } as unknown as Request;
    expect(doorOf(routed)).toBe('/elements/session/attempts');
  });
});
