package dev.pica.asm.ir;

import dev.pica.format.diag.SourcePos;
import java.util.List;

/**
 * One picasso file in the assembler's IR (picasm's route to a DVOJ object): its declarations
 * with picasso's register allocation, and its code as items.
 *
 * @param geometryPos where the file says it is a geometry shader (.gsh), or null
 */
public record LoweredFile(boolean geometry, SourcePos geometryPos, List<Declaration> declarations, List<Item> items) {}
