package dev.pica.asm.picasso;

import dev.pica.asm.ir.RegClass;
import dev.pica.asm.picasso.DvleData.UniformDecl;
import dev.pica.asm.picasso.Operands.Reg;
import dev.pica.asm.picasso.Operands.Src;
import dev.pica.asm.picasso.PicassoLine.Operand;
import dev.pica.format.diag.Problem;
import dev.pica.format.diag.SourcePos;
import dev.pica.format.diag.Warning;
import dev.pica.format.isa.Limits;
import dev.pica.format.isa.OutputSemantic;
import dev.pica.format.isa.RegisterFile;
import dev.pica.format.isa.syntax.Dialect;
import dev.pica.format.isa.syntax.SemanticSpellings;
import dev.pica.format.shbin.OutputMap;
import dev.pica.format.shbin.Uniform;
import java.util.Locale;

/** picasso's names for registers (.alias, .fvec, .ivec, .bool, .in, .out) and its .gsh, allocated as picasso allocates them. */
final class NameDirectives {
    private final PicassoBuild build;

    NameDirectives(PicassoBuild build) {
        this.build = build;
    }

    void alias(Args a) {
        String name = a.spaceWord(0, "alias name");
        Operand target = a.spaceOperand(1, "register");
        if (!a.spaceDone(2) || name == null || target == null) return;
        if (!Operands.validIdentifier(name)) {
            build.diags.error(Problem.INVALID_NAME, a.spacePos(0), "'" + name + "' is not an identifier");
            return;
        }
        if (Operands.looksLikeRegister(name)) {
            build.diags.error(Problem.INVALID_NAME, a.spacePos(0), "'" + name + "' names a register; an alias cannot redefine it");
            return;
        }
        Src s = build.operands.register(target, false);
        if (s == null) return;
        if (defined(name, a.spacePos(0))) return;
        build.aliases.put(name, s.reg());
    }

    void uniforms(Args a, UniformType type) {
        DvleData d = build.dvleData();
        RegisterPools.Pool pool = (d.gsSpace() ? build.gsPools : build.vsPools).of(type);
        boolean shared = !d.gsSpace();
        for (int k = 0; k < a.count(); k++) {
            Operand o = a.operand(k, "uniform name");
            if (o == null) continue;
            int size = 1;
            if (o.brackets()) {
                Integer n = o.index() == null || o.index().register() != null ? null : build.operands.atoi(o.index().offset(), o.index().pos(), "the array size", 1);
                if (n == null || n < 1) {
                    // declared with one register all the same, so its uses raise no further errors
                    build.diags.error(Problem.DIRECTIVE_ARGUMENTS, o.pos(), "array size of '" + o.base() + "' must be a positive number" + Operands.atoiNote(o.index()));
                } else {
                    size = n;
                }
            }
            if (o.negated() || o.bangs() > 0 || o.suffix() != null) {
                build.diags.error(Problem.INVALID_NAME, o.pos(), "'" + o.text() + "' is not a uniform name");
                continue;
            }
            String name = o.base();
            if (defined(name, o.pos())) continue;
            int pos = -1;
            for (int i = 0; shared && i < build.globalUniforms.size(); i++) {
                UniformDecl u = build.globalUniforms.get(i);
                if (u.name().equals(name)) {
                    if (u.type() != type) {
                        build.diags.error(Problem.REDEFINITION, o.pos(), "uniform '" + name + "' was declared with another type in an earlier file");
                        pos = -2;
                    } else if (u.size() != size) {
                        build.diags.error(Problem.REDEFINITION, o.pos(), "uniform '" + name + "' was declared with size " + u.size() + " in an earlier file");
                        pos = -2;
                    } else {
                        pos = u.pos();
                    }
                    break;
                }
            }
            if (pos == -2) continue;
            if (pos < 0) {
                if (build.globalUniforms.size() >= PicassoBuild.MAX_UNIFORMS) {
                    build.diags.error(Problem.OUT_OF_REGISTERS, o.pos(), "too many uniforms (" + PicassoBuild.MAX_UNIFORMS + ")");
                    continue;
                }
                pos = pool.allocGlobal(size);
                if (pos < 0) {
                    build.diags.error(Problem.OUT_OF_REGISTERS, o.pos(), "no room for uniform '" + name + "'" + (size > 1 ? "[" + size + "]" : "") + " among the free " + type.name().toLowerCase(Locale.ROOT) + " registers");
                    continue;
                }
            }
            if (shared) build.globalUniforms.add(new UniformDecl(name, pos, size, type, o.pos()));
            if (!name.startsWith("_")) {
                if (d.uniforms.size() >= PicassoBuild.MAX_UNIFORMS) {
                    build.diags.error(Problem.OUT_OF_REGISTERS, o.pos(), "too many uniforms in one shader (" + PicassoBuild.MAX_UNIFORMS + ")");
                    continue;
                }
                d.uniforms.add(new UniformDecl(name, pos, size, type, o.pos()));
            } else {
                d.supplied.add(new Uniform(name, RegisterFile.unifiedOfPicasso(pos), RegisterFile.unifiedOfPicasso(pos) + size - 1));
                d.hidden.add(new UniformDecl(name, pos, size, type, o.pos()));
            }
            build.aliases.put(name, Operands.regAt(pos));
            if (o.brackets()) build.rows.put(name, size);
        }
    }

    /** Whether a name is taken in this file (build.aliases, uniforms, constants, inputs, outputs share one space); says so if it is. */
    boolean defined(String name, SourcePos pos) {
        if (!build.aliases.containsKey(name)) {
            build.declaredAt.put(name, pos);
            return false;
        }
        build.diags.error(Problem.REDEFINITION, pos, "'" + name + "' is already defined");
        build.diags.note(build.declaredAt.get(name), "previous definition of '" + name + "' was here");
        return true;
    }

    void input(Args a) {
        DvleData d = build.dvleData();
        String name = a.spaceWord(0, "input name");
        Operand reg = a.spaceCount() > 1 ? a.spaceOperand(1, "input register") : null;
        if (!a.spaceDone(2) || name == null) return;
        if (!Operands.validIdentifier(name)) {
            build.diags.error(Problem.INVALID_NAME, a.spacePos(0), "'" + name + "' is not an identifier");
            return;
        }
        if (defined(name, a.spacePos(0))) return;
        int v;
        if (reg != null) {
            Src s = build.operands.register(reg, false);
            if (s == null) return;
            if (s.reg().cls() == RegClass.O) {
                // picasso keeps the register's number and only checks that it is below 16
                build.diags.warning(Warning.PICASSO_MISREAD, reg.pos(), "'" + reg.text() + "' is output register o" + s.reg().num()
                        + ": picasso takes its number, so the input is v" + s.reg().num());
            } else if (s.reg().cls() != RegClass.V) {
                build.diags.error(Problem.DIRECTIVE_ARGUMENTS, reg.pos(), "'" + reg.text() + "' is not an input register (v0-v15)");
                return;
            }
            v = s.reg().num();
        } else {
            v = Integer.numberOfTrailingZeros(~d.inputMask);
            if (v >= 16) {
                build.diags.error(Problem.OUT_OF_REGISTERS, a.spacePos(0), "no free input register for '" + name + "'");
                return;
            }
        }
        if (d.uniforms.size() >= PicassoBuild.MAX_UNIFORMS) {
            build.diags.error(Problem.OUT_OF_REGISTERS, a.spacePos(0), "too many uniforms in one shader (" + PicassoBuild.MAX_UNIFORMS + ")");
            return;
        }
        d.inputMask |= 1 << v;
        d.uniforms.add(new UniformDecl(name, v, 1, UniformType.FVEC, a.spacePos(0)));
        build.aliases.put(name, new Reg(RegClass.V, v, Operands.DEFAULT_SEL, false));
    }

    void output(Args a) {
        DvleData d = build.dvleData();
        String name = a.spaceWord(0, "output name or '-'");
        String typeText = a.spaceWord(1, "output semantic");
        Operand reg = a.spaceCount() > 2 ? a.spaceOperand(2, "output register") : null;
        if (!a.spaceDone(3) || name == null || typeText == null) return;
        boolean anonymous = name.equals("-");
        if (!anonymous && !Operands.validIdentifier(name)) {
            build.diags.error(Problem.INVALID_NAME, a.spacePos(0), "'" + name + "' is not an identifier (or '-' for no name)");
            return;
        }
        int o = -1;
        int mask;
        if (reg != null) {
            Src s = build.operands.register(reg, false);
            if (s == null) return;
            if (s.reg().cls() == RegClass.V && s.reg().num() < Math.min(d.maxOutput(), 15)) {
                // picasso keeps the register's number and only checks it against the output count
                // (v15 it rejects as an input register already: its bound is off by one)
                build.diags.warning(Warning.PICASSO_MISREAD, reg.pos(), "'" + reg.text() + "' is input register v" + s.reg().num()
                        + ": picasso takes its number, so the output is o" + s.reg().num());
            } else if (s.reg().cls() != RegClass.O) {
                build.diags.error(Problem.INVALID_OUTPUT_MAP, reg.pos(), "'" + reg.text() + "' is not an output register");
                return;
            }
            o = s.reg().num();
            mask = Operands.componentSet(s.reg().sel());
        } else {
            int dot = typeText.indexOf('.');
            int sel = Operands.DEFAULT_SEL;
            if (dot >= 0) {
                Integer swz = build.operands.selector(typeText.substring(dot + 1), a.spacePos(1));
                if (swz == null) return;
                sel = swz;
                typeText = typeText.substring(0, dot);
            }
            mask = Operands.componentSet(sel);
        }
        OutputSemantic sem = outputSemantic(typeText);
        if (sem == null) {
            build.diags.error(Problem.UNKNOWN_SEMANTIC, a.spacePos(1), SemanticSpellings.unknown(typeText, Dialect.PICASSO));
            // the name stays declared, so that its uses are not errors too
            if (!anonymous && !build.aliases.containsKey(name)) build.aliases.put(name, new Reg(RegClass.O, Math.max(o, 0), Operands.DEFAULT_SEL, false));
            return;
        }
        if (o < 0) {
            for (int k = 0; k < d.maxOutput(); k++) {
                if ((d.outputMask & 1 << k) == 0) {
                    o = k;
                    break;
                }
            }
            if (o < 0) {
                build.diags.error(Problem.OUT_OF_REGISTERS, a.spacePos(0), "no free output register");
                return;
            }
        } else if ((d.outputUsed & mask << 4 * o) != 0) {
            build.diags.error(Problem.INVALID_OUTPUT_MAP, reg.pos(), "o" + o + " components already carry another output");
            return;
        }
        if (d.outputs.size() >= 16) {
            build.diags.error(Problem.OUT_OF_REGISTERS, a.spacePos(0), "too many outputs");
            return;
        }
        if (!anonymous && defined(name, a.spacePos(0))) return;
        if (o >= Limits.SEMANTIC_OUTPUTS && sem != OutputSemantic.GENERIC) {
            build.diags.error(Problem.INVALID_OUTPUT_MAP, a.spacePos(1), "o" + o + " can only carry a 'dummy' output");
            return;
        }
        d.outputs.add(new OutputMap(sem.type, o, mask));
        d.outputPos.add(a.spacePos(0));
        d.outputMask |= 1 << o;
        d.outputUsed |= mask << 4 * o;
        if (!anonymous) build.aliases.put(name, new Reg(RegClass.O, o, Operands.DEFAULT_SEL, false));
        if (sem == OutputSemantic.GENERIC && d.gsSpace()) d.merge = true;
    }

    static OutputSemantic outputSemantic(String s) {
        return OutputSemantic.ofPicassoSpelling(s);
    }

    void gsh(Args a) {
        DvleData d = build.dvleData();
        if (a.spaceCount() == 0) {
            d.geometry = true;
            d.compatGeometry = true;
            return;
        }
        if (d.geometry) {
            build.diags.error(Problem.DIRECTIVE_ARGUMENTS, a.spacePos(0), ".gsh is given twice (or after setemit made this a geometry shader)");
            return;
        }
        if (!d.constants.isEmpty() || !d.uniforms.isEmpty() || d.outputMask != 0) {
            build.diags.error(Problem.DIRECTIVE_ARGUMENTS, a.spacePos(0), ".gsh must come before any constant, uniform, input or output of the file");
            return;
        }
        String modeText = a.spaceWord(0, "geometry shader mode");
        if (modeText == null) return;
        int mode = switch (modeText.toLowerCase(Locale.ROOT)) {
            case "point" -> 0;
            case "variable", "subdivision" -> 1;
            case "fixed", "particle" -> 2;
            default -> -1;
        };
        if (mode < 0) {
            build.diags.error(Problem.DIRECTIVE_ARGUMENTS, a.spacePos(0), "unknown geometry shader mode '" + modeText + "' (point, variable or fixed)");
            return;
        }
        Operand freeOp = a.spaceOperand(1, "first free float uniform");
        if (freeOp == null) return;
        Src free = build.operands.register(freeOp, false);
        if (free == null) return;
        if (free.reg().cls() != RegClass.C) {
            build.diags.error(Problem.DIRECTIVE_ARGUMENTS, freeOp.pos(), "'" + freeOp.text() + "' is not a float uniform (c0-c95)");
            return;
        }
        int expected = mode == 0 ? 2 : mode == 1 ? 3 : 4;
        if (!a.spaceDone(expected)) return;
        d.geometry = true;
        d.gsMode = mode;
        d.gshPos = a.spacePos(0);
        int firstFree = free.reg().code();
        if (mode == 1) {
            Integer n = a.spaceInt(2, 0, 255);
            if (n == null) return;
            d.gsVariableCount = n;
        } else if (mode == 2) {
            Operand startOp = a.spaceOperand(2, "vertex array start");
            Integer n = a.spaceInt(3, 0, 255);
            if (startOp == null || n == null) return;
            Src start = build.operands.register(startOp, false);
            if (start == null) return;
            if (start.reg().cls() != RegClass.C) {
                build.diags.error(Problem.DIRECTIVE_ARGUMENTS, startOp.pos(), "'" + startOp.text() + "' is not a float uniform (c0-c95)");
                return;
            }
            if (start.reg().code() >= firstFree) {
                build.diags.error(Problem.DIRECTIVE_ARGUMENTS, startOp.pos(), "the vertex array at " + startOp.text() + " overlaps the uniforms from " + freeOp.text());
                return;
            }
            d.gsFixedStart = start.reg().num();
            d.gsFixedCount = n;
        }
        // variable and fixed modes load the primitive's vertices into the uniforms below the first free one
        RegisterFile c = RegisterFile.FLOAT_UNIFORM, i = RegisterFile.INT_UNIFORM, b = RegisterFile.BOOL_UNIFORM;
        if (mode != 0 && firstFree > c.picassoBase) d.supplied.add(new Uniform(dev.pica.format.verify.Program.VERTEX_DATA, c.unifiedBase, RegisterFile.unifiedOfPicasso(firstFree - 1)));
        build.gsPools.fvec.reinit(firstFree, c.picassoEnd());
        build.gsPools.ivec.reinit(i.picassoBase, i.picassoEnd());
        build.gsPools.bool.reinit(b.picassoBase, b.picassoEnd() - 1); // picasso leaves b15 out of the geometry pool
    }
}
