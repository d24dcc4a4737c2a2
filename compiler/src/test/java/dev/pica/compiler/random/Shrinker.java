package dev.pica.compiler.random;

import dev.pica.compiler.random.Ast.*;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Shrinks a failing random program: drops outputs, statements and functions, and replaces
 * expressions by one of their operands or a constant, keeping each step only while the program
 * still fails. Declarations of inputs and uniforms stay, so the same instance runs every variant.
 */
public final class Shrinker {
    private final Predicate<RandomProgram> fails;
    private int tries;
    private final int budget;

    public Shrinker(Predicate<RandomProgram> fails, int budget) {
        this.fails = fails;
        this.budget = budget;
    }

    public RandomProgram shrink(RandomProgram p) {
        boolean progress = true;
        while (progress && tries < budget) {
            progress = false;
            // outputs other than gl_Position
            for (RandomProgram.Output o : p.outputs()) {
                if (o.location() < 0) continue;
                List<RandomProgram.Output> outs = new ArrayList<>(p.outputs());
                outs.remove(o);
                RandomProgram q = with(p, p.functions(), removeWrites(p.main(), o.name()), outs);
                if (test(q)) {
                    p = q;
                    progress = true;
                    break;
                }
            }
            // statements (not declarations: later code reads them)
            for (List<Stmt> variant : statementVariants(p.main())) {
                RandomProgram q = with(p, p.functions(), variant, p.outputs());
                if (test(q)) {
                    p = q;
                    progress = true;
                    break;
                }
            }
            // declarations and uniforms nothing reads
            for (int k = 0; k < p.main().size(); k++) {
                if (p.main().get(k) instanceof Declare d && !readsName(p, d.var().name())) {
                    List<Stmt> v = new ArrayList<>(p.main());
                    v.remove(k);
                    RandomProgram q = with(p, p.functions(), v, p.outputs());
                    if (test(q)) {
                        p = q;
                        progress = true;
                        k--;
                    }
                }
            }
            for (RandomProgram.Uniform u : p.uniforms()) {
                if (readsName(p, u.name())) continue;
                List<RandomProgram.Uniform> us = new ArrayList<>(p.uniforms());
                us.remove(u);
                RandomProgram q = new RandomProgram(p.seed(), p.inputs(), us, p.bools(), p.functions(), p.main(), p.outputs());
                if (test(q)) {
                    p = q;
                    progress = true;
                    break;
                }
            }
            // functions no longer called
            List<Function> used = new ArrayList<>();
            String text = p.glsl();
            for (Function f : p.functions()) if (text.split("\\b" + f.name() + "\\(", -1).length > 2) used.add(f);
            if (used.size() < p.functions().size()) p = with(p, used, p.main(), p.outputs());
            // expressions: each node by an operand of its type or a constant
            int nodes = count(p);
            for (int i = 0; i < nodes && tries < budget; i++) {
                Expr at = nodeAt(p, i);
                if (at == null) continue;
                for (Expr c : candidates(at)) {
                    RandomProgram q = replace(p, i, c);
                    if (test(q)) {
                        p = q;
                        progress = true;
                        nodes = count(p);
                        break;
                    }
                }
            }
        }
        return p;
    }

    /** Whether the name occurs in the program's text besides its declaration. */
    private static boolean readsName(RandomProgram p, String name) {
        return p.glsl().split("\\b" + java.util.regex.Pattern.quote(name) + "\\b", -1).length > 2;
    }

    private boolean test(RandomProgram q) {
        tries++;
        try {
            return fails.test(q);
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static RandomProgram with(RandomProgram p, List<Function> functions, List<Stmt> main, List<RandomProgram.Output> outputs) {
        return new RandomProgram(p.seed(), p.inputs(), p.uniforms(), p.bools(), functions, main, outputs);
    }

    private static List<Stmt> removeWrites(List<Stmt> body, String name) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : body) {
            if (s instanceof Assign a && a.target().name().equals(name)) continue;
            if (s instanceof If i && !i.then().isEmpty() && i.then().get(0) instanceof Assign a && a.target().name().equals(name)) continue;
            out.add(s);
        }
        return out;
    }

    /** The body with one statement (not a declaration, not an output's only write) removed, or a block replaced by its branch, for each choice. */
    private static List<List<Stmt>> statementVariants(List<Stmt> body) {
        List<List<Stmt>> out = new ArrayList<>();
        for (int k = 0; k < body.size(); k++) {
            Stmt s = body.get(k);
            if (s instanceof If || s instanceof For || s instanceof BreakIf || s instanceof Assign a && a.target().name().startsWith("t")) {
                List<Stmt> v = new ArrayList<>(body);
                v.remove(k);
                out.add(v);
            }
            if (s instanceof If i) {
                for (List<Stmt> branch : List.of(i.then(), i.otherwise())) {
                    List<Stmt> v = new ArrayList<>(body);
                    v.remove(k);
                    v.addAll(k, branch);
                    out.add(v);
                }
                for (List<Stmt> inner : statementVariants(i.then())) out.add(replaced(body, k, new If(i.cond(), inner, i.otherwise())));
                for (List<Stmt> inner : statementVariants(i.otherwise())) out.add(replaced(body, k, new If(i.cond(), i.then(), inner)));
            }
            if (s instanceof For f) {
                if (f.trips() > 1) out.add(replaced(body, k, new For(f.counter(), 1, f.body())));
                for (List<Stmt> inner : statementVariants(f.body())) out.add(replaced(body, k, new For(f.counter(), f.trips(), inner)));
            }
        }
        return out;
    }

    private static List<Stmt> replaced(List<Stmt> body, int k, Stmt s) {
        List<Stmt> v = new ArrayList<>(body);
        v.set(k, s);
        return v;
    }

    private static List<Expr> candidates(Expr e) {
        List<Expr> out = new ArrayList<>();
        List<Expr> children = new ArrayList<>();
        if (e instanceof Call c) children.addAll(c.args());
        if (e instanceof Bin b) children.addAll(List.of(b.a(), b.b()));
        if (e instanceof Neg n) children.add(n.a());
        if (e instanceof Select s) children.addAll(List.of(s.a(), s.b()));
        if (e instanceof Construct c) children.addAll(c.parts());
        if (e instanceof UserCall u) children.addAll(u.args());
        for (Expr c : children) if (c.type() == e.type()) out.add(c);
        if (!(e instanceof Const) && !(e instanceof Var)) {
            double[] v = new double[e.type().lanes()];
            java.util.Arrays.fill(v, 0.5);
            out.add(new Const(e.type(), v));
        }
        return out;
    }

    // --- expression nodes in preorder, over functions then main

    private static int count(RandomProgram p) {
        int[] n = {0};
        walk(p, n, -1, x -> x);
        return n[0];
    }

    private static Expr nodeAt(RandomProgram p, int target) {
        Expr[] found = {null};
        walk(p, new int[] {0}, target, x -> {
            found[0] = x;
            return x;
        });
        return found[0];
    }

    private static RandomProgram replace(RandomProgram p, int target, Expr with) {
        return walk(p, new int[] {0}, target, x -> with);
    }

    private static RandomProgram walk(RandomProgram p, int[] n, int target, UnaryOperator<Expr> f) {
        List<Function> fs = new ArrayList<>();
        for (Function fn : p.functions()) fs.add(new Function(fn.name(), fn.result(), fn.params(), stmts(fn.body(), n, target, f)));
        // calls in main refer to the rewritten functions by name: rebuild them
        List<Stmt> main = stmts(p.main(), n, target, f);
        return new RandomProgram(p.seed(), p.inputs(), p.uniforms(), p.bools(), fs, relink(main, fs), p.outputs());
    }

    private static List<Stmt> relink(List<Stmt> main, List<Function> fs) {
        UnaryOperator<Expr> swap = x -> {
            if (x instanceof UserCall u) for (Function f : fs) if (f.name().equals(u.fn().name())) return new UserCall(f, u.args());
            return x;
        };
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : main) out.add(stmt(s, new int[] {0}, Integer.MIN_VALUE, swap, true));
        return out;
    }

    private static List<Stmt> stmts(List<Stmt> body, int[] n, int target, UnaryOperator<Expr> f) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : body) out.add(stmt(s, n, target, f, false));
        return out;
    }

    private static Stmt stmt(Stmt s, int[] n, int target, UnaryOperator<Expr> f, boolean all) {
        if (s instanceof Declare d) return new Declare(d.var(), expr(d.init(), n, target, f, all));
        if (s instanceof Assign a) return new Assign(a.target(), a.lanes(), expr(a.value(), n, target, f, all));
        if (s instanceof If i) {
            Cond c = cond(i.cond(), n, target, f, all);
            List<Stmt> t = new ArrayList<>(), o = new ArrayList<>();
            for (Stmt x : i.then()) t.add(stmt(x, n, target, f, all));
            for (Stmt x : i.otherwise()) o.add(stmt(x, n, target, f, all));
            return new If(c, t, o);
        }
        if (s instanceof For l) {
            List<Stmt> b = new ArrayList<>();
            for (Stmt x : l.body()) b.add(stmt(x, n, target, f, all));
            return new For(l.counter(), l.trips(), b);
        }
        if (s instanceof BreakIf b) return new BreakIf(cond(b.cond(), n, target, f, all));
        Return r = (Return) s;
        return new Return(expr(r.value(), n, target, f, all));
    }

    private static Cond cond(Cond c, int[] n, int target, UnaryOperator<Expr> f, boolean all) {
        if (c instanceof Compare cmp) return new Compare(cmp.op(), expr(cmp.a(), n, target, f, all), expr(cmp.b(), n, target, f, all));
        if (c instanceof Not x) return new Not(cond(x.a(), n, target, f, all));
        if (c instanceof Logic l) return new Logic(l.and(), cond(l.a(), n, target, f, all), cond(l.b(), n, target, f, all));
        return c;
    }

    /** Rewrites node {@code target} (preorder) with f, or every node when {@code all}. */
    private static Expr expr(Expr e, int[] n, int target, UnaryOperator<Expr> f, boolean all) {
        int me = n[0]++;
        if (me == target) return f.apply(e);
        Expr r;
        if (e instanceof Call c) r = new Call(c.fn(), c.type(), exprs(c.args(), n, target, f, all));
        else if (e instanceof Bin b) r = new Bin(b.op(), b.type(), expr(b.a(), n, target, f, all), expr(b.b(), n, target, f, all));
        else if (e instanceof Neg x) r = new Neg(expr(x.a(), n, target, f, all));
        else if (e instanceof Swizzle s) r = new Swizzle(expr(s.a(), n, target, f, all), s.lanes());
        else if (e instanceof Construct c) r = new Construct(c.type(), exprs(c.parts(), n, target, f, all));
        else if (e instanceof Select s) r = new Select(cond(s.cond(), n, target, f, all), expr(s.a(), n, target, f, all), expr(s.b(), n, target, f, all));
        else if (e instanceof UserCall u) r = new UserCall(u.fn(), exprs(u.args(), n, target, f, all));
        else r = e;
        return all ? f.apply(r) : r;
    }

    private static List<Expr> exprs(List<Expr> es, int[] n, int target, UnaryOperator<Expr> f, boolean all) {
        List<Expr> out = new ArrayList<>();
        for (Expr e : es) out.add(expr(e, n, target, f, all));
        return out;
    }
}
