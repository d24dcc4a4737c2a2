/*
 * The SDK shader dialect after preprocessing (spec: sdk-dialect.md section 12).
 *
 * Keywords (mnemonics, register names, swizzles, pragma names) are case-insensitive while
 * labels are case-sensitive, and a label may be spelled like a mnemonic, so the grammar
 * keeps every word an IDENT and the assembler classifies it. That also lets the assembler
 * say "unknown instruction 'X'" instead of a generic syntax error.
 */
grammar PicaAsm;

// Every part SourceParser reads has a label: it parses without building the parse tree (the
// labelled fields are filled either way), which saved a fifth of its time.

program     : lines+=line* EOF ;

// The preprocessor ends every line with a newline, including the last one.
line        : lab=label? st=statement? NEWLINE ;

label       : name=IDENT COLON ;

statement   : p=pragma
            | i=instruction
            ;

// Pragma lines reach the parser verbatim (not macro-expanded). The structured shape covers
// bind_symbol, output_map and the gs_* pragmas; anything else is kept raw so that an unknown
// pragma is only a warning.
pragma      : PRAGMA name=IDENT (lp=LPAREN (args+=operand (COMMA args+=operand)*)? RPAREN)?   # structuredPragma
            | PRAGMA (rest+=~NEWLINE)*                                                         # rawPragma
            ;

// Every instruction, macro, block keyword and def/defi/defb: a mnemonic and its operands.
instruction : mnemonic=IDENT (ops+=operand (COMMA ops+=operand)*)? ;

operand     : prefixes+=prefix* a=atom ;

prefix      : op=(MINUS | PLUS | BANG) ;

// A register reference with any sequence of [offset] and .suffix parts; the assembler checks
// the order (offset before swizzle) so that it can name the mistake.
atom        : num=NUMBER                      # numberAtom
            | base=IDENT parts+=registerPart* # registerAtom
            ;

registerPart: LBRACK offset=indexExpr RBRACK  # offsetPart
            | DOT letters=IDENT               # suffixPart
            ;

indexExpr   : sign=(PLUS | MINUS)? terms+=indexTerm (ops+=(PLUS | MINUS) terms+=indexTerm)* ;

indexTerm   : num=NUMBER
            | reg=IDENT (DOT IDENT)?
            ;

PRAGMA      : '#' [ \t]* [pP][rR][aA][gG][mM][aA] ;
IDENT       : [A-Za-z_] [A-Za-z0-9_]* ;
// C pp-number: digits, letters, dots and signed exponents; the assembler validates it.
NUMBER      : ( [0-9] | '.' [0-9] ) ( [0-9A-Za-z_.] | [eE] [+-] )* ;
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
NEWLINE     : '\n' ;
WS          : [ \t\f\u000B\r]+ -> skip ;
OTHER       : . ;
