// The baseline of `npm run bench`: the smallest Koa app, answering a short JSON body.
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { hello: 'world' };
});
app.listen(Number(process.env.PORT), '127.0.0.1');
