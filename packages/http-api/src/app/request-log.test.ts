import express, { Router } from 'express';
import request from 'supertest';
import { routeOf } from './request-log';

describe('routeOf: the route template that answered, never a raw path', () => {
  const app = express();
  const elements = Router();
  elements.get('/session/attempts/:attemptId', (req, res) => void res.send(routeOf(req)));
  app.use('/elements', elements);
  app.get('/api/sessions/:sessionId', (req, res) => void res.send(routeOf(req)));

  it.each([
    ['/elements/session/attempts/a1', '/elements/session/attempts/:attemptId'],
    // Express matches a router's mount path in any case; the template keeps the one declared, so the
    // access line and the metrics' route label are one per door whatever the caller's spelling.
    ['/ELEMENTS/session/attempts/a1', '/elements/session/attempts/:attemptId'],
    ['/eLeMeNtS/Session/Attempts/A1', '/elements/session/attempts/:attemptId'],
    ['/api/sessions/s1', '/api/sessions/:sessionId'],
  ])('%s answers as %s', async (path, template) => {
    expect((await request(app).get(path)).text).toBe(template);
  });
});
