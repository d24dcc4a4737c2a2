/*
 * picasso's shader dialect (.v.pica / .g.pica; docs/picasso-compat.md).
 *
 * picasso reads a line at a time: labels ("name:"), then one directive (".name") or
 * instruction with comma-separated arguments, each a space-separated list of words. This
 * grammar keeps that shape and leaves meaning to the assembler, so that an unknown directive
 * or a misplaced register gets a message naming it rather than a syntax error.
 */
grammar PicassoAsm;

// Every part PicassoParser reads has a label: reading a field instead of an accessor that filters
// the children into a new list was a tenth of a batch of small files.

program     : lines+=line* EOF ;

line        : LINE_MARKER NEWLINE                     # markerLine
            | labels+=label* st=statement? NEWLINE    # codeLine
            ;

label       : name=IDENT COLON ;

// picasso stops reading arguments at the end of the line, so a comma after the last one is
// nothing ("mova a0.x, r1," and ".fvec u," read as without it), except where picasso splits the
// line at blanks and the comma ends a name (".in x,": the assembler rejects it)
statement   : dot=DOT? name=IDENT (args+=arg (commas+=COMMA args+=arg)* commas+=COMMA?)? ;

// One comma-separated argument: ".gsh fixed c48 c0 4" and "setemit 0, prim inv" have several words.
arg         : terms+=term+ ;

term        : DASH                                                      # dashTerm
            | name=IDENT? LPAREN (values+=value (COMMA values+=value)* COMMA?)? RPAREN # tupleTerm
            | minus=MINUS? bangs+=BANG* base=IDENT (lbrack=LBRACK ix=index? RBRACK)? (dot=DOT suffix=IDENT)? # operandTerm
            | sign=(MINUS | PLUS)? NUMBER                               # numberTerm
            | op=(ANDAND | AND | OROR | OR)                             # logicTerm
            ;

// A constant's value is whatever lies between the commas: picasso hands that text to C's atof or
// atoi, which read the number at its front ("8.0/512.0" is 8.0); the assembler does the same.
value       : ~(COMMA | RPAREN | NEWLINE)+ ;

// [4], [aL], [aL+1], [a0.y + 2]: an index register and/or an offset.
index       : (reg=IDENT (DOT sub=IDENT)? PLUS)? sign=MINUS? num=NUMBER
            | reg=IDENT (DOT sub=IDENT)?
            ;

// "# 12 "file.v.pica"" as a C preprocessor leaves it: the following lines come from there.
LINE_MARKER : '#' ~[\n]* ;
COMMENT     : ';' ~[\n]* -> skip ;
IDENT       : [A-Za-z_$] [A-Za-z0-9_$]* ;
NUMBER      : ( [0-9] | '.' [0-9] ) ( [0-9A-Za-z_.] | [eE] [+-] )* ;
// ".out - dummy o1": a dash standing alone is a word of its own, never a negation.
DASH        : '-' [ \t]+ ;
COLON       : ':' ;
COMMA       : ',' ;
LPAREN      : '(' ;
RPAREN      : ')' ;
LBRACK      : '[' ;
RBRACK      : ']' ;
DOT         : '.' ;
PLUS        : '+' ;
MINUS       : '-' ;
BANG        : '!' ;
ANDAND      : '&&' ;
AND         : '&' ;
OROR        : '||' ;
OR          : '|' ;
NEWLINE     : '\n' ;
WS          : [ \t\f\u000B\r]+ -> skip ;
OTHER       : . ;
