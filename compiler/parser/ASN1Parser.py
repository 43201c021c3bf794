# Generated from ASN1.g4 by ANTLR 4.13.2
# encoding: utf-8
from antlr4 import *
from io import StringIO
import sys
if sys.version_info[1] > 5:
	from typing import TextIO
else:
	from typing.io import TextIO

def serializedATN():
    return [
        4,1,122,745,2,0,7,0,2,1,7,1,2,2,7,2,2,3,7,3,2,4,7,4,2,5,7,5,2,6,
        7,6,2,7,7,7,2,8,7,8,2,9,7,9,2,10,7,10,2,11,7,11,2,12,7,12,2,13,7,
        13,2,14,7,14,2,15,7,15,2,16,7,16,2,17,7,17,2,18,7,18,2,19,7,19,2,
        20,7,20,2,21,7,21,2,22,7,22,2,23,7,23,2,24,7,24,2,25,7,25,2,26,7,
        26,2,27,7,27,2,28,7,28,2,29,7,29,2,30,7,30,2,31,7,31,2,32,7,32,2,
        33,7,33,2,34,7,34,2,35,7,35,2,36,7,36,2,37,7,37,2,38,7,38,2,39,7,
        39,2,40,7,40,2,41,7,41,1,0,5,0,86,8,0,10,0,12,0,89,9,0,1,0,1,0,1,
        1,1,1,3,1,95,8,1,1,1,1,1,3,1,99,8,1,1,1,3,1,102,8,1,1,1,1,1,1,1,
        3,1,107,8,1,1,1,3,1,110,8,1,1,1,5,1,113,8,1,10,1,12,1,116,9,1,1,
        1,1,1,1,2,1,2,1,2,1,3,1,3,1,3,1,4,1,4,4,4,128,8,4,11,4,12,4,129,
        1,4,1,4,1,5,1,5,1,5,1,5,1,5,3,5,139,8,5,1,5,3,5,142,8,5,1,5,1,5,
        1,5,1,5,3,5,148,8,5,1,6,1,6,1,6,1,6,1,6,1,6,1,6,5,6,157,8,6,10,6,
        12,6,160,9,6,3,6,162,8,6,1,6,3,6,165,8,6,1,7,1,7,5,7,169,8,7,10,
        7,12,7,172,9,7,1,7,1,7,1,8,1,8,1,8,5,8,179,8,8,10,8,12,8,182,9,8,
        1,8,1,8,1,8,3,8,187,8,8,1,9,1,9,3,9,191,8,9,1,10,1,10,3,10,195,8,
        10,1,10,1,10,3,10,199,8,10,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,
        11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,
        11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,11,1,
        11,1,11,1,11,5,11,237,8,11,10,11,12,11,240,9,11,1,11,1,11,1,11,1,
        11,1,11,1,11,1,11,5,11,249,8,11,10,11,12,11,252,9,11,1,11,1,11,1,
        11,1,11,5,11,258,8,11,10,11,12,11,261,9,11,1,11,1,11,1,11,3,11,266,
        8,11,1,12,1,12,1,12,1,12,5,12,272,8,12,10,12,12,12,275,9,12,1,12,
        1,12,1,13,1,13,1,13,3,13,282,8,13,1,13,1,13,1,14,1,14,1,14,1,14,
        5,14,290,8,14,10,14,12,14,293,9,14,1,14,1,14,1,15,1,15,1,15,1,15,
        1,15,1,15,3,15,303,8,15,1,16,1,16,1,17,1,17,1,18,1,18,3,18,311,8,
        18,1,18,1,18,1,18,1,18,1,18,1,18,3,18,319,8,18,1,18,1,18,3,18,323,
        8,18,1,18,1,18,1,18,5,18,328,8,18,10,18,12,18,331,9,18,3,18,333,
        8,18,1,19,1,19,1,19,1,19,1,19,3,19,340,8,19,1,19,1,19,1,19,1,19,
        1,19,5,19,347,8,19,10,19,12,19,350,9,19,1,19,1,19,3,19,354,8,19,
        1,19,1,19,1,19,1,19,1,19,5,19,361,8,19,10,19,12,19,364,9,19,1,19,
        1,19,1,19,1,19,1,19,1,19,1,19,1,19,5,19,374,8,19,10,19,12,19,377,
        9,19,1,19,1,19,3,19,381,8,19,1,19,1,19,1,19,1,19,1,19,1,19,5,19,
        389,8,19,10,19,12,19,392,9,19,3,19,394,8,19,1,19,1,19,1,19,1,19,
        1,19,1,19,5,19,402,8,19,10,19,12,19,405,9,19,1,19,1,19,1,19,1,19,
        1,19,3,19,412,8,19,1,19,1,19,1,19,1,19,3,19,418,8,19,1,19,1,19,1,
        19,1,19,1,19,1,19,1,19,1,19,1,19,1,19,1,19,1,19,3,19,432,8,19,1,
        19,1,19,1,19,1,19,1,19,1,19,1,19,1,19,1,19,3,19,443,8,19,1,19,1,
        19,1,19,1,19,1,19,1,19,1,19,1,19,1,19,1,19,3,19,455,8,19,1,19,1,
        19,1,19,1,19,3,19,461,8,19,1,20,1,20,3,20,465,8,20,1,20,1,20,1,20,
        1,21,1,21,3,21,472,8,21,1,22,1,22,1,22,1,22,3,22,478,8,22,1,22,1,
        22,1,23,1,23,1,23,1,23,3,23,486,8,23,1,23,1,23,3,23,490,8,23,1,23,
        1,23,3,23,494,8,23,3,23,496,8,23,1,24,1,24,1,24,1,24,1,24,3,24,503,
        8,24,1,24,1,24,3,24,507,8,24,1,24,1,24,1,24,1,24,3,24,513,8,24,1,
        24,1,24,1,24,5,24,518,8,24,10,24,12,24,521,9,24,1,24,1,24,1,24,1,
        24,1,24,1,24,3,24,529,8,24,1,25,1,25,1,25,3,25,534,8,25,1,25,1,25,
        1,25,3,25,539,8,25,1,26,1,26,1,26,3,26,544,8,26,1,26,1,26,1,26,1,
        26,3,26,550,8,26,5,26,552,8,26,10,26,12,26,555,9,26,1,27,1,27,1,
        28,1,28,1,28,3,28,562,8,28,1,28,1,28,1,29,1,29,1,29,1,29,1,29,1,
        29,1,29,1,29,1,29,3,29,575,8,29,1,29,1,29,1,29,3,29,580,8,29,1,29,
        1,29,1,29,3,29,585,8,29,1,30,1,30,1,30,1,30,3,30,591,8,30,1,30,1,
        30,3,30,595,8,30,3,30,597,8,30,1,31,1,31,1,31,5,31,602,8,31,10,31,
        12,31,605,9,31,1,31,1,31,1,31,3,31,610,8,31,1,32,1,32,1,32,5,32,
        615,8,32,10,32,12,32,618,9,32,1,33,1,33,1,33,3,33,623,8,33,1,34,
        1,34,1,34,3,34,628,8,34,1,34,1,34,3,34,632,8,34,1,34,1,34,1,34,1,
        34,1,34,1,34,1,34,1,34,1,34,1,34,1,34,3,34,645,8,34,1,34,1,34,1,
        34,1,34,1,34,1,34,1,34,1,34,1,34,1,34,1,34,3,34,658,8,34,1,35,1,
        35,1,35,3,35,663,8,35,1,36,1,36,1,36,1,36,3,36,669,8,36,1,36,1,36,
        1,37,1,37,3,37,675,8,37,1,37,1,37,1,37,1,37,1,37,1,37,1,37,1,37,
        1,37,1,37,1,37,1,37,1,37,1,37,1,37,1,37,5,37,693,8,37,10,37,12,37,
        696,9,37,1,37,1,37,1,37,1,37,1,37,1,37,5,37,704,8,37,10,37,12,37,
        707,9,37,1,37,1,37,1,37,1,37,1,37,1,37,1,37,1,37,1,37,3,37,718,8,
        37,1,38,1,38,1,38,1,39,3,39,724,8,39,1,39,1,39,1,40,1,40,1,40,3,
        40,731,8,40,1,40,1,40,1,41,1,41,1,41,5,41,738,8,41,10,41,12,41,741,
        9,41,1,41,1,41,1,41,0,0,42,0,2,4,6,8,10,12,14,16,18,20,22,24,26,
        28,30,32,34,36,38,40,42,44,46,48,50,52,54,56,58,60,62,64,66,68,70,
        72,74,76,78,80,82,0,18,3,0,5,5,29,29,40,40,1,0,26,26,1,0,111,113,
        2,0,74,74,111,111,3,0,6,6,26,26,90,90,2,0,29,29,40,40,1,0,69,70,
        9,0,8,8,36,38,47,47,54,54,64,64,75,75,77,77,84,84,86,88,5,0,18,19,
        23,23,35,35,78,79,85,85,2,0,1,1,81,81,3,0,4,4,65,65,83,83,1,0,111,
        112,2,0,82,82,104,104,2,0,46,46,105,105,2,0,51,52,63,63,2,0,33,33,
        80,80,1,0,117,119,1,0,95,96,854,0,87,1,0,0,0,2,92,1,0,0,0,4,119,
        1,0,0,0,6,122,1,0,0,0,8,125,1,0,0,0,10,147,1,0,0,0,12,164,1,0,0,
        0,14,166,1,0,0,0,16,175,1,0,0,0,18,190,1,0,0,0,20,194,1,0,0,0,22,
        265,1,0,0,0,24,267,1,0,0,0,26,281,1,0,0,0,28,285,1,0,0,0,30,302,
        1,0,0,0,32,304,1,0,0,0,34,306,1,0,0,0,36,332,1,0,0,0,38,460,1,0,
        0,0,40,462,1,0,0,0,42,471,1,0,0,0,44,473,1,0,0,0,46,495,1,0,0,0,
        48,528,1,0,0,0,50,538,1,0,0,0,52,540,1,0,0,0,54,556,1,0,0,0,56,558,
        1,0,0,0,58,584,1,0,0,0,60,586,1,0,0,0,62,609,1,0,0,0,64,611,1,0,
        0,0,66,619,1,0,0,0,68,657,1,0,0,0,70,662,1,0,0,0,72,664,1,0,0,0,
        74,717,1,0,0,0,76,719,1,0,0,0,78,723,1,0,0,0,80,730,1,0,0,0,82,734,
        1,0,0,0,84,86,3,2,1,0,85,84,1,0,0,0,86,89,1,0,0,0,87,85,1,0,0,0,
        87,88,1,0,0,0,88,90,1,0,0,0,89,87,1,0,0,0,90,91,5,0,0,1,91,1,1,0,
        0,0,92,94,3,54,27,0,93,95,3,8,4,0,94,93,1,0,0,0,94,95,1,0,0,0,95,
        96,1,0,0,0,96,98,5,22,0,0,97,99,3,4,2,0,98,97,1,0,0,0,98,99,1,0,
        0,0,99,101,1,0,0,0,100,102,3,6,3,0,101,100,1,0,0,0,101,102,1,0,0,
        0,102,103,1,0,0,0,103,104,5,90,0,0,104,106,5,6,0,0,105,107,3,12,
        6,0,106,105,1,0,0,0,106,107,1,0,0,0,107,109,1,0,0,0,108,110,3,14,
        7,0,109,108,1,0,0,0,109,110,1,0,0,0,110,114,1,0,0,0,111,113,3,22,
        11,0,112,111,1,0,0,0,113,116,1,0,0,0,114,112,1,0,0,0,114,115,1,0,
        0,0,115,117,1,0,0,0,116,114,1,0,0,0,117,118,5,26,0,0,118,3,1,0,0,
        0,119,120,7,0,0,0,120,121,5,76,0,0,121,5,1,0,0,0,122,123,5,31,0,
        0,123,124,5,41,0,0,124,7,1,0,0,0,125,127,5,95,0,0,126,128,3,10,5,
        0,127,126,1,0,0,0,128,129,1,0,0,0,129,127,1,0,0,0,129,130,1,0,0,
        0,130,131,1,0,0,0,131,132,5,96,0,0,132,9,1,0,0,0,133,148,5,114,0,
        0,134,141,5,113,0,0,135,138,5,97,0,0,136,139,5,114,0,0,137,139,3,
        80,40,0,138,136,1,0,0,0,138,137,1,0,0,0,139,140,1,0,0,0,140,142,
        5,98,0,0,141,135,1,0,0,0,141,142,1,0,0,0,142,148,1,0,0,0,143,144,
        3,54,27,0,144,145,5,94,0,0,145,146,5,113,0,0,146,148,1,0,0,0,147,
        133,1,0,0,0,147,134,1,0,0,0,147,143,1,0,0,0,148,11,1,0,0,0,149,150,
        5,30,0,0,150,151,5,2,0,0,151,165,5,101,0,0,152,161,5,30,0,0,153,
        158,3,20,10,0,154,155,5,91,0,0,155,157,3,20,10,0,156,154,1,0,0,0,
        157,160,1,0,0,0,158,156,1,0,0,0,158,159,1,0,0,0,159,162,1,0,0,0,
        160,158,1,0,0,0,161,153,1,0,0,0,161,162,1,0,0,0,162,163,1,0,0,0,
        163,165,5,101,0,0,164,149,1,0,0,0,164,152,1,0,0,0,165,13,1,0,0,0,
        166,170,5,42,0,0,167,169,3,16,8,0,168,167,1,0,0,0,169,172,1,0,0,
        0,170,168,1,0,0,0,170,171,1,0,0,0,171,173,1,0,0,0,172,170,1,0,0,
        0,173,174,5,101,0,0,174,15,1,0,0,0,175,180,3,20,10,0,176,177,5,91,
        0,0,177,179,3,20,10,0,178,176,1,0,0,0,179,182,1,0,0,0,180,178,1,
        0,0,0,180,181,1,0,0,0,181,183,1,0,0,0,182,180,1,0,0,0,183,184,5,
        34,0,0,184,186,3,54,27,0,185,187,3,18,9,0,186,185,1,0,0,0,186,187,
        1,0,0,0,187,17,1,0,0,0,188,191,3,8,4,0,189,191,3,80,40,0,190,188,
        1,0,0,0,190,189,1,0,0,0,191,19,1,0,0,0,192,195,3,54,27,0,193,195,
        5,113,0,0,194,192,1,0,0,0,194,193,1,0,0,0,195,198,1,0,0,0,196,197,
        5,95,0,0,197,199,5,96,0,0,198,196,1,0,0,0,198,199,1,0,0,0,199,21,
        1,0,0,0,200,201,3,54,27,0,201,202,5,90,0,0,202,203,3,36,18,0,203,
        266,1,0,0,0,204,205,5,113,0,0,205,206,3,36,18,0,206,207,5,90,0,0,
        207,208,3,74,37,0,208,266,1,0,0,0,209,210,3,54,27,0,210,211,3,36,
        18,0,211,212,5,90,0,0,212,213,3,82,41,0,213,266,1,0,0,0,214,215,
        3,54,27,0,215,216,3,24,12,0,216,217,5,90,0,0,217,218,3,36,18,0,218,
        266,1,0,0,0,219,220,3,54,27,0,220,221,3,24,12,0,221,222,3,36,18,
        0,222,223,5,90,0,0,223,224,3,82,41,0,224,266,1,0,0,0,225,226,5,113,
        0,0,226,227,3,24,12,0,227,228,3,36,18,0,228,229,5,90,0,0,229,230,
        3,74,37,0,230,266,1,0,0,0,231,232,3,54,27,0,232,233,5,48,0,0,233,
        234,5,90,0,0,234,238,5,6,0,0,235,237,8,1,0,0,236,235,1,0,0,0,237,
        240,1,0,0,0,238,236,1,0,0,0,238,239,1,0,0,0,239,241,1,0,0,0,240,
        238,1,0,0,0,241,242,5,26,0,0,242,266,1,0,0,0,243,244,3,54,27,0,244,
        245,5,90,0,0,245,246,5,111,0,0,246,250,3,32,16,0,247,249,3,34,17,
        0,248,247,1,0,0,0,249,252,1,0,0,0,250,248,1,0,0,0,250,251,1,0,0,
        0,251,266,1,0,0,0,252,250,1,0,0,0,253,254,5,113,0,0,254,255,5,111,
        0,0,255,259,3,32,16,0,256,258,3,34,17,0,257,256,1,0,0,0,258,261,
        1,0,0,0,259,257,1,0,0,0,259,260,1,0,0,0,260,262,1,0,0,0,261,259,
        1,0,0,0,262,263,5,90,0,0,263,264,3,74,37,0,264,266,1,0,0,0,265,200,
        1,0,0,0,265,204,1,0,0,0,265,209,1,0,0,0,265,214,1,0,0,0,265,219,
        1,0,0,0,265,225,1,0,0,0,265,231,1,0,0,0,265,243,1,0,0,0,265,253,
        1,0,0,0,266,23,1,0,0,0,267,268,5,95,0,0,268,273,3,26,13,0,269,270,
        5,91,0,0,270,272,3,26,13,0,271,269,1,0,0,0,272,275,1,0,0,0,273,271,
        1,0,0,0,273,274,1,0,0,0,274,276,1,0,0,0,275,273,1,0,0,0,276,277,
        5,96,0,0,277,25,1,0,0,0,278,279,3,36,18,0,279,280,5,102,0,0,280,
        282,1,0,0,0,281,278,1,0,0,0,281,282,1,0,0,0,282,283,1,0,0,0,283,
        284,7,2,0,0,284,27,1,0,0,0,285,286,5,95,0,0,286,291,3,30,15,0,287,
        288,5,91,0,0,288,290,3,30,15,0,289,287,1,0,0,0,290,293,1,0,0,0,291,
        289,1,0,0,0,291,292,1,0,0,0,292,294,1,0,0,0,293,291,1,0,0,0,294,
        295,5,96,0,0,295,29,1,0,0,0,296,297,5,95,0,0,297,298,3,60,30,0,298,
        299,5,96,0,0,299,303,1,0,0,0,300,303,3,36,18,0,301,303,3,74,37,0,
        302,296,1,0,0,0,302,300,1,0,0,0,302,301,1,0,0,0,303,31,1,0,0,0,304,
        305,7,3,0,0,305,33,1,0,0,0,306,307,8,4,0,0,307,35,1,0,0,0,308,310,
        3,40,20,0,309,311,7,5,0,0,310,309,1,0,0,0,310,311,1,0,0,0,311,312,
        1,0,0,0,312,313,3,36,18,0,313,333,1,0,0,0,314,318,7,6,0,0,315,316,
        5,72,0,0,316,319,3,56,28,0,317,319,3,56,28,0,318,315,1,0,0,0,318,
        317,1,0,0,0,318,319,1,0,0,0,319,320,1,0,0,0,320,322,5,58,0,0,321,
        323,5,113,0,0,322,321,1,0,0,0,322,323,1,0,0,0,323,324,1,0,0,0,324,
        333,3,36,18,0,325,329,3,38,19,0,326,328,3,56,28,0,327,326,1,0,0,
        0,328,331,1,0,0,0,329,327,1,0,0,0,329,330,1,0,0,0,330,333,1,0,0,
        0,331,329,1,0,0,0,332,308,1,0,0,0,332,314,1,0,0,0,332,325,1,0,0,
        0,333,37,1,0,0,0,334,340,5,9,0,0,335,340,5,53,0,0,336,340,5,66,0,
        0,337,338,5,57,0,0,338,340,5,73,0,0,339,334,1,0,0,0,339,335,1,0,
        0,0,339,336,1,0,0,0,339,337,1,0,0,0,340,461,1,0,0,0,341,353,5,45,
        0,0,342,343,5,95,0,0,343,348,3,44,22,0,344,345,5,91,0,0,345,347,
        3,44,22,0,346,344,1,0,0,0,347,350,1,0,0,0,348,346,1,0,0,0,348,349,
        1,0,0,0,349,351,1,0,0,0,350,348,1,0,0,0,351,352,5,96,0,0,352,354,
        1,0,0,0,353,342,1,0,0,0,353,354,1,0,0,0,354,461,1,0,0,0,355,356,
        5,27,0,0,356,357,5,95,0,0,357,362,3,46,23,0,358,359,5,91,0,0,359,
        361,3,46,23,0,360,358,1,0,0,0,361,364,1,0,0,0,362,360,1,0,0,0,362,
        363,1,0,0,0,363,365,1,0,0,0,364,362,1,0,0,0,365,366,5,96,0,0,366,
        461,1,0,0,0,367,368,5,7,0,0,368,380,5,73,0,0,369,370,5,95,0,0,370,
        375,3,44,22,0,371,372,5,91,0,0,372,374,3,44,22,0,373,371,1,0,0,0,
        374,377,1,0,0,0,375,373,1,0,0,0,375,376,1,0,0,0,376,378,1,0,0,0,
        377,375,1,0,0,0,378,379,5,96,0,0,379,381,1,0,0,0,380,369,1,0,0,0,
        380,381,1,0,0,0,381,461,1,0,0,0,382,461,7,7,0,0,383,384,7,6,0,0,
        384,393,5,95,0,0,385,390,3,48,24,0,386,387,5,91,0,0,387,389,3,48,
        24,0,388,386,1,0,0,0,389,392,1,0,0,0,390,388,1,0,0,0,390,391,1,0,
        0,0,391,394,1,0,0,0,392,390,1,0,0,0,393,385,1,0,0,0,393,394,1,0,
        0,0,394,395,1,0,0,0,395,461,5,96,0,0,396,397,5,12,0,0,397,398,5,
        95,0,0,398,403,3,48,24,0,399,400,5,91,0,0,400,402,3,48,24,0,401,
        399,1,0,0,0,402,405,1,0,0,0,403,401,1,0,0,0,403,404,1,0,0,0,404,
        406,1,0,0,0,405,403,1,0,0,0,406,407,5,96,0,0,407,461,1,0,0,0,408,
        409,3,54,27,0,409,410,5,94,0,0,410,412,1,0,0,0,411,408,1,0,0,0,411,
        412,1,0,0,0,412,413,1,0,0,0,413,461,3,54,27,0,414,415,3,54,27,0,
        415,416,5,94,0,0,416,418,1,0,0,0,417,414,1,0,0,0,417,418,1,0,0,0,
        418,419,1,0,0,0,419,420,3,54,27,0,420,421,3,28,14,0,421,461,1,0,
        0,0,422,423,3,50,25,0,423,424,5,94,0,0,424,425,3,52,26,0,425,461,
        1,0,0,0,426,427,5,55,0,0,427,432,5,39,0,0,428,432,5,67,0,0,429,432,
        5,59,0,0,430,432,5,68,0,0,431,426,1,0,0,0,431,428,1,0,0,0,431,429,
        1,0,0,0,431,430,1,0,0,0,432,461,1,0,0,0,433,434,5,11,0,0,434,461,
        5,73,0,0,435,436,5,24,0,0,436,461,5,62,0,0,437,461,5,32,0,0,438,
        442,5,3,0,0,439,440,5,21,0,0,440,441,5,10,0,0,441,443,5,113,0,0,
        442,439,1,0,0,0,442,443,1,0,0,0,443,461,1,0,0,0,444,445,5,44,0,0,
        445,446,5,58,0,0,446,461,3,50,25,0,447,461,7,8,0,0,448,461,5,56,
        0,0,449,450,5,13,0,0,450,454,3,82,41,0,451,452,5,89,0,0,452,453,
        5,74,0,0,453,455,3,82,41,0,454,451,1,0,0,0,454,455,1,0,0,0,455,461,
        1,0,0,0,456,461,7,9,0,0,457,458,5,113,0,0,458,459,5,106,0,0,459,
        461,3,36,18,0,460,339,1,0,0,0,460,341,1,0,0,0,460,355,1,0,0,0,460,
        367,1,0,0,0,460,382,1,0,0,0,460,383,1,0,0,0,460,396,1,0,0,0,460,
        411,1,0,0,0,460,417,1,0,0,0,460,422,1,0,0,0,460,431,1,0,0,0,460,
        433,1,0,0,0,460,435,1,0,0,0,460,437,1,0,0,0,460,438,1,0,0,0,460,
        444,1,0,0,0,460,447,1,0,0,0,460,448,1,0,0,0,460,449,1,0,0,0,460,
        456,1,0,0,0,460,457,1,0,0,0,461,39,1,0,0,0,462,464,5,99,0,0,463,
        465,7,10,0,0,464,463,1,0,0,0,464,465,1,0,0,0,465,466,1,0,0,0,466,
        467,3,42,21,0,467,468,5,100,0,0,468,41,1,0,0,0,469,472,5,114,0,0,
        470,472,3,80,40,0,471,469,1,0,0,0,471,470,1,0,0,0,472,43,1,0,0,0,
        473,474,5,113,0,0,474,477,5,97,0,0,475,478,3,78,39,0,476,478,3,80,
        40,0,477,475,1,0,0,0,477,476,1,0,0,0,478,479,1,0,0,0,479,480,5,98,
        0,0,480,45,1,0,0,0,481,489,5,113,0,0,482,485,5,97,0,0,483,486,3,
        78,39,0,484,486,3,80,40,0,485,483,1,0,0,0,485,484,1,0,0,0,486,487,
        1,0,0,0,487,488,5,98,0,0,488,490,1,0,0,0,489,482,1,0,0,0,489,490,
        1,0,0,0,490,496,1,0,0,0,491,493,5,92,0,0,492,494,3,72,36,0,493,492,
        1,0,0,0,493,494,1,0,0,0,494,496,1,0,0,0,495,481,1,0,0,0,495,491,
        1,0,0,0,496,47,1,0,0,0,497,498,5,113,0,0,498,502,3,36,18,0,499,503,
        5,60,0,0,500,501,5,20,0,0,501,503,3,74,37,0,502,499,1,0,0,0,502,
        500,1,0,0,0,502,503,1,0,0,0,503,529,1,0,0,0,504,506,5,92,0,0,505,
        507,3,72,36,0,506,505,1,0,0,0,506,507,1,0,0,0,507,529,1,0,0,0,508,
        509,5,99,0,0,509,512,5,99,0,0,510,511,5,114,0,0,511,513,5,102,0,
        0,512,510,1,0,0,0,512,513,1,0,0,0,513,514,1,0,0,0,514,519,3,48,24,
        0,515,516,5,91,0,0,516,518,3,48,24,0,517,515,1,0,0,0,518,521,1,0,
        0,0,519,517,1,0,0,0,519,520,1,0,0,0,520,522,1,0,0,0,521,519,1,0,
        0,0,522,523,5,100,0,0,523,524,5,100,0,0,524,529,1,0,0,0,525,526,
        5,15,0,0,526,527,5,58,0,0,527,529,3,36,18,0,528,497,1,0,0,0,528,
        504,1,0,0,0,528,508,1,0,0,0,528,525,1,0,0,0,529,49,1,0,0,0,530,531,
        3,54,27,0,531,532,5,94,0,0,532,534,1,0,0,0,533,530,1,0,0,0,533,534,
        1,0,0,0,534,535,1,0,0,0,535,539,3,54,27,0,536,539,5,81,0,0,537,539,
        5,1,0,0,538,533,1,0,0,0,538,536,1,0,0,0,538,537,1,0,0,0,539,51,1,
        0,0,0,540,543,5,110,0,0,541,544,3,54,27,0,542,544,5,113,0,0,543,
        541,1,0,0,0,543,542,1,0,0,0,544,553,1,0,0,0,545,546,5,94,0,0,546,
        549,5,110,0,0,547,550,3,54,27,0,548,550,5,113,0,0,549,547,1,0,0,
        0,549,548,1,0,0,0,550,552,1,0,0,0,551,545,1,0,0,0,552,555,1,0,0,
        0,553,551,1,0,0,0,553,554,1,0,0,0,554,53,1,0,0,0,555,553,1,0,0,0,
        556,557,7,11,0,0,557,55,1,0,0,0,558,559,5,97,0,0,559,561,3,58,29,
        0,560,562,3,72,36,0,561,560,1,0,0,0,561,562,1,0,0,0,562,563,1,0,
        0,0,563,564,5,98,0,0,564,57,1,0,0,0,565,585,3,60,30,0,566,567,5,
        16,0,0,567,568,5,10,0,0,568,585,3,82,41,0,569,570,5,17,0,0,570,574,
        3,36,18,0,571,572,5,25,0,0,572,573,5,10,0,0,573,575,3,74,37,0,574,
        571,1,0,0,0,574,575,1,0,0,0,575,580,1,0,0,0,576,577,5,25,0,0,577,
        578,5,10,0,0,578,580,3,74,37,0,579,569,1,0,0,0,579,576,1,0,0,0,580,
        585,1,0,0,0,581,582,3,82,41,0,582,583,3,82,41,0,583,585,1,0,0,0,
        584,565,1,0,0,0,584,566,1,0,0,0,584,579,1,0,0,0,584,581,1,0,0,0,
        585,59,1,0,0,0,586,596,3,62,31,0,587,588,5,91,0,0,588,590,5,92,0,
        0,589,591,3,72,36,0,590,589,1,0,0,0,590,591,1,0,0,0,591,594,1,0,
        0,0,592,593,5,91,0,0,593,595,3,62,31,0,594,592,1,0,0,0,594,595,1,
        0,0,0,595,597,1,0,0,0,596,587,1,0,0,0,596,597,1,0,0,0,597,61,1,0,
        0,0,598,603,3,64,32,0,599,600,7,12,0,0,600,602,3,64,32,0,601,599,
        1,0,0,0,602,605,1,0,0,0,603,601,1,0,0,0,603,604,1,0,0,0,604,610,
        1,0,0,0,605,603,1,0,0,0,606,607,5,2,0,0,607,608,5,28,0,0,608,610,
        3,68,34,0,609,598,1,0,0,0,609,606,1,0,0,0,610,63,1,0,0,0,611,616,
        3,66,33,0,612,613,7,13,0,0,613,615,3,66,33,0,614,612,1,0,0,0,615,
        618,1,0,0,0,616,614,1,0,0,0,616,617,1,0,0,0,617,65,1,0,0,0,618,616,
        1,0,0,0,619,622,3,68,34,0,620,621,5,28,0,0,621,623,3,68,34,0,622,
        620,1,0,0,0,622,623,1,0,0,0,623,67,1,0,0,0,624,658,3,74,37,0,625,
        627,3,70,35,0,626,628,5,106,0,0,627,626,1,0,0,0,627,628,1,0,0,0,
        628,629,1,0,0,0,629,631,5,93,0,0,630,632,5,106,0,0,631,630,1,0,0,
        0,631,632,1,0,0,0,632,633,1,0,0,0,633,634,3,70,35,0,634,658,1,0,
        0,0,635,636,5,72,0,0,636,658,3,56,28,0,637,638,5,34,0,0,638,658,
        3,56,28,0,639,640,5,97,0,0,640,641,3,62,31,0,641,642,5,98,0,0,642,
        658,1,0,0,0,643,645,5,43,0,0,644,643,1,0,0,0,644,645,1,0,0,0,645,
        646,1,0,0,0,646,658,3,36,18,0,647,648,5,89,0,0,648,649,5,14,0,0,
        649,658,3,56,28,0,650,651,5,89,0,0,651,652,5,15,0,0,652,658,3,82,
        41,0,653,654,5,61,0,0,654,658,3,74,37,0,655,656,5,71,0,0,656,658,
        5,116,0,0,657,624,1,0,0,0,657,625,1,0,0,0,657,635,1,0,0,0,657,637,
        1,0,0,0,657,639,1,0,0,0,657,644,1,0,0,0,657,647,1,0,0,0,657,650,
        1,0,0,0,657,653,1,0,0,0,657,655,1,0,0,0,658,69,1,0,0,0,659,663,3,
        74,37,0,660,663,5,50,0,0,661,663,5,49,0,0,662,659,1,0,0,0,662,660,
        1,0,0,0,662,661,1,0,0,0,663,71,1,0,0,0,664,668,5,109,0,0,665,666,
        3,36,18,0,666,667,5,102,0,0,667,669,1,0,0,0,668,665,1,0,0,0,668,
        669,1,0,0,0,669,670,1,0,0,0,670,671,3,74,37,0,671,73,1,0,0,0,672,
        718,3,78,39,0,673,675,5,103,0,0,674,673,1,0,0,0,674,675,1,0,0,0,
        675,676,1,0,0,0,676,718,5,115,0,0,677,718,7,14,0,0,678,718,7,15,
        0,0,679,718,5,53,0,0,680,718,5,116,0,0,681,718,7,16,0,0,682,718,
        3,80,40,0,683,684,5,113,0,0,684,685,5,102,0,0,685,718,3,74,37,0,
        686,687,5,95,0,0,687,718,5,96,0,0,688,689,5,95,0,0,689,694,3,76,
        38,0,690,691,5,91,0,0,691,693,3,76,38,0,692,690,1,0,0,0,693,696,
        1,0,0,0,694,692,1,0,0,0,694,695,1,0,0,0,695,697,1,0,0,0,696,694,
        1,0,0,0,697,698,5,96,0,0,698,718,1,0,0,0,699,700,5,95,0,0,700,705,
        3,74,37,0,701,702,5,91,0,0,702,704,3,74,37,0,703,701,1,0,0,0,704,
        707,1,0,0,0,705,703,1,0,0,0,705,706,1,0,0,0,706,708,1,0,0,0,707,
        705,1,0,0,0,708,709,5,96,0,0,709,718,1,0,0,0,710,718,3,82,41,0,711,
        712,3,54,27,0,712,713,5,102,0,0,713,714,3,74,37,0,714,718,1,0,0,
        0,715,716,5,17,0,0,716,718,3,74,37,0,717,672,1,0,0,0,717,674,1,0,
        0,0,717,677,1,0,0,0,717,678,1,0,0,0,717,679,1,0,0,0,717,680,1,0,
        0,0,717,681,1,0,0,0,717,682,1,0,0,0,717,683,1,0,0,0,717,686,1,0,
        0,0,717,688,1,0,0,0,717,699,1,0,0,0,717,710,1,0,0,0,717,711,1,0,
        0,0,717,715,1,0,0,0,718,75,1,0,0,0,719,720,5,113,0,0,720,721,3,74,
        37,0,721,77,1,0,0,0,722,724,5,103,0,0,723,722,1,0,0,0,723,724,1,
        0,0,0,724,725,1,0,0,0,725,726,5,114,0,0,726,79,1,0,0,0,727,728,3,
        54,27,0,728,729,5,94,0,0,729,731,1,0,0,0,730,727,1,0,0,0,730,731,
        1,0,0,0,731,732,1,0,0,0,732,733,5,113,0,0,733,81,1,0,0,0,734,739,
        5,95,0,0,735,738,3,82,41,0,736,738,8,17,0,0,737,735,1,0,0,0,737,
        736,1,0,0,0,738,741,1,0,0,0,739,737,1,0,0,0,739,740,1,0,0,0,740,
        742,1,0,0,0,741,739,1,0,0,0,742,743,5,96,0,0,743,83,1,0,0,0,90,87,
        94,98,101,106,109,114,129,138,141,147,158,161,164,170,180,186,190,
        194,198,238,250,259,265,273,281,291,302,310,318,322,329,332,339,
        348,353,362,375,380,390,393,403,411,417,431,442,454,460,464,471,
        477,485,489,493,495,502,506,512,519,528,533,538,543,549,553,561,
        574,579,584,590,594,596,603,609,616,622,627,631,644,657,662,668,
        674,694,705,717,723,730,737,739
    ]

class ASN1Parser ( Parser ):

    grammarFileName = "ASN1.g4"

    atn = ATNDeserializer().deserialize(serializedATN())

    decisionsToDFA = [ DFA(ds, i) for i, ds in enumerate(atn.decisionToState) ]

    sharedContextCache = PredictionContextCache()

    literalNames = [ "<INVALID>", "'ABSTRACT-SYNTAX'", "'ALL'", "'ANY'", 
                     "'APPLICATION'", "'AUTOMATIC'", "'BEGIN'", "'BIT'", 
                     "'BMPString'", "'BOOLEAN'", "'BY'", "'CHARACTER'", 
                     "'CHOICE'", "'CLASS'", "'COMPONENT'", "'COMPONENTS'", 
                     "'CONSTRAINED'", "'CONTAINING'", "'DATE'", "'DATE-TIME'", 
                     "'DEFAULT'", "'DEFINED'", "'DEFINITIONS'", "'DURATION'", 
                     "'EMBEDDED'", "'ENCODED'", "'END'", "'ENUMERATED'", 
                     "'EXCEPT'", "'EXPLICIT'", "'EXPORTS'", "'EXTENSIBILITY'", 
                     "'EXTERNAL'", "'FALSE'", "'FROM'", "'GeneralizedTime'", 
                     "'GeneralString'", "'GraphicString'", "'IA5String'", 
                     "'IDENTIFIER'", "'IMPLICIT'", "'IMPLIED'", "'IMPORTS'", 
                     "'INCLUDES'", "'INSTANCE'", "'INTEGER'", "'INTERSECTION'", 
                     "'ISO646String'", "'MACRO'", "'MAX'", "'MIN'", "'MINUS-INFINITY'", 
                     "'NOT-A-NUMBER'", "'NULL'", "'NumericString'", "'OBJECT'", 
                     "'ObjectDescriptor'", "'OCTET'", "'OF'", "'OID-IRI'", 
                     "'OPTIONAL'", "'PATTERN'", "'PDV'", "'PLUS-INFINITY'", 
                     "'PrintableString'", "'PRIVATE'", "'REAL'", "'RELATIVE-OID'", 
                     "'RELATIVE-OID-IRI'", "'SEQUENCE'", "'SET'", "'SETTINGS'", 
                     "'SIZE'", "'STRING'", "'SYNTAX'", "'T61String'", "'TAGS'", 
                     "'TeletexString'", "'TIME'", "'TIME-OF-DAY'", "'TRUE'", 
                     "'TYPE-IDENTIFIER'", "'UNION'", "'UNIVERSAL'", "'UniversalString'", 
                     "'UTCTime'", "'UTF8String'", "'VideotexString'", "'VisibleString'", 
                     "'WITH'", "'::='", "','", "'...'", "'..'", "'.'", "'{'", 
                     "'}'", "'('", "')'", "'['", "']'", "';'", "':'", "'-'", 
                     "'|'", "'^'", "'<'", "'>'", "'@'", "'!'", "'&'" ]

    symbolicNames = [ "<INVALID>", "ABSTRACT_SYNTAX", "ALL", "ANY", "APPLICATION", 
                      "AUTOMATIC", "BEGIN", "BIT", "BMPString", "BOOLEAN", 
                      "BY", "CHARACTER", "CHOICE", "CLASS", "COMPONENT", 
                      "COMPONENTS", "CONSTRAINED", "CONTAINING", "DATE", 
                      "DATE_TIME", "DEFAULT", "DEFINED", "DEFINITIONS", 
                      "DURATION", "EMBEDDED", "ENCODED", "END", "ENUMERATED", 
                      "EXCEPT", "EXPLICIT", "EXPORTS", "EXTENSIBILITY", 
                      "EXTERNAL", "FALSE", "FROM", "GeneralizedTime", "GeneralString", 
                      "GraphicString", "IA5String", "IDENTIFIER_KW", "IMPLICIT", 
                      "IMPLIED", "IMPORTS", "INCLUDES", "INSTANCE", "INTEGER", 
                      "INTERSECTION", "ISO646String", "MACRO", "MAX", "MIN", 
                      "MINUS_INFINITY", "NOT_A_NUMBER", "NULL", "NumericString", 
                      "OBJECT", "ObjectDescriptor", "OCTET", "OF", "OID_IRI", 
                      "OPTIONAL", "PATTERN", "PDV", "PLUS_INFINITY", "PrintableString", 
                      "PRIVATE", "REAL", "RELATIVE_OID", "RELATIVE_OID_IRI", 
                      "SEQUENCE", "SET", "SETTINGS", "SIZE", "STRING", "SYNTAX", 
                      "T61String", "TAGS", "TeletexString", "TIME", "TIME_OF_DAY", 
                      "TRUE", "TYPE_IDENTIFIER", "UNION", "UNIVERSAL", "UniversalString", 
                      "UTCTime", "UTF8String", "VideotexString", "VisibleString", 
                      "WITH", "ASSIGN", "COMMA", "ELLIPSIS", "RANGE", "DOT", 
                      "LBRACE", "RBRACE", "LPAREN", "RPAREN", "LBRACKET", 
                      "RBRACKET", "SEMICOLON", "COLON", "MINUS", "BAR", 
                      "CARET", "LESS", "GREATER", "AT", "EXCLAMATION", "AMPERSAND", 
                      "ALL_CAPS_REFERENCE", "TYPE_REFERENCE", "IDENTIFIER", 
                      "NUMBER", "REAL_NUMBER", "CSTRING", "BSTRING", "HSTRING", 
                      "QUOTED_WITHOUT_RADIX", "LINE_COMMENT", "BLOCK_COMMENT", 
                      "WHITESPACE" ]

    RULE_specFile = 0
    RULE_moduleDefinition = 1
    RULE_tagDefault = 2
    RULE_extensionDefault = 3
    RULE_objectIdentifierValue = 4
    RULE_objectIdentifierComponent = 5
    RULE_exports = 6
    RULE_imports = 7
    RULE_symbolsFromModule = 8
    RULE_assignedIdentifier = 9
    RULE_symbol = 10
    RULE_assignment = 11
    RULE_parameterList = 12
    RULE_parameter = 13
    RULE_actualParameterList = 14
    RULE_actualParameter = 15
    RULE_macroKeyword = 16
    RULE_macroToken = 17
    RULE_type = 18
    RULE_typeBody = 19
    RULE_tag = 20
    RULE_tagNumber = 21
    RULE_namedNumber = 22
    RULE_enumerationItem = 23
    RULE_componentItem = 24
    RULE_definedObjectClass = 25
    RULE_fieldName = 26
    RULE_typeReference = 27
    RULE_constraint = 28
    RULE_constraintSpec = 29
    RULE_elementSetSpecs = 30
    RULE_elementSetSpec = 31
    RULE_intersections = 32
    RULE_intersectionElements = 33
    RULE_elements = 34
    RULE_rangeEndpoint = 35
    RULE_exceptionSpec = 36
    RULE_value = 37
    RULE_namedValue = 38
    RULE_signedNumber = 39
    RULE_definedValue = 40
    RULE_bracedTokens = 41

    ruleNames =  [ "specFile", "moduleDefinition", "tagDefault", "extensionDefault", 
                   "objectIdentifierValue", "objectIdentifierComponent", 
                   "exports", "imports", "symbolsFromModule", "assignedIdentifier", 
                   "symbol", "assignment", "parameterList", "parameter", 
                   "actualParameterList", "actualParameter", "macroKeyword", 
                   "macroToken", "type", "typeBody", "tag", "tagNumber", 
                   "namedNumber", "enumerationItem", "componentItem", "definedObjectClass", 
                   "fieldName", "typeReference", "constraint", "constraintSpec", 
                   "elementSetSpecs", "elementSetSpec", "intersections", 
                   "intersectionElements", "elements", "rangeEndpoint", 
                   "exceptionSpec", "value", "namedValue", "signedNumber", 
                   "definedValue", "bracedTokens" ]

    EOF = Token.EOF
    ABSTRACT_SYNTAX=1
    ALL=2
    ANY=3
    APPLICATION=4
    AUTOMATIC=5
    BEGIN=6
    BIT=7
    BMPString=8
    BOOLEAN=9
    BY=10
    CHARACTER=11
    CHOICE=12
    CLASS=13
    COMPONENT=14
    COMPONENTS=15
    CONSTRAINED=16
    CONTAINING=17
    DATE=18
    DATE_TIME=19
    DEFAULT=20
    DEFINED=21
    DEFINITIONS=22
    DURATION=23
    EMBEDDED=24
    ENCODED=25
    END=26
    ENUMERATED=27
    EXCEPT=28
    EXPLICIT=29
    EXPORTS=30
    EXTENSIBILITY=31
    EXTERNAL=32
    FALSE=33
    FROM=34
    GeneralizedTime=35
    GeneralString=36
    GraphicString=37
    IA5String=38
    IDENTIFIER_KW=39
    IMPLICIT=40
    IMPLIED=41
    IMPORTS=42
    INCLUDES=43
    INSTANCE=44
    INTEGER=45
    INTERSECTION=46
    ISO646String=47
    MACRO=48
    MAX=49
    MIN=50
    MINUS_INFINITY=51
    NOT_A_NUMBER=52
    NULL=53
    NumericString=54
    OBJECT=55
    ObjectDescriptor=56
    OCTET=57
    OF=58
    OID_IRI=59
    OPTIONAL=60
    PATTERN=61
    PDV=62
    PLUS_INFINITY=63
    PrintableString=64
    PRIVATE=65
    REAL=66
    RELATIVE_OID=67
    RELATIVE_OID_IRI=68
    SEQUENCE=69
    SET=70
    SETTINGS=71
    SIZE=72
    STRING=73
    SYNTAX=74
    T61String=75
    TAGS=76
    TeletexString=77
    TIME=78
    TIME_OF_DAY=79
    TRUE=80
    TYPE_IDENTIFIER=81
    UNION=82
    UNIVERSAL=83
    UniversalString=84
    UTCTime=85
    UTF8String=86
    VideotexString=87
    VisibleString=88
    WITH=89
    ASSIGN=90
    COMMA=91
    ELLIPSIS=92
    RANGE=93
    DOT=94
    LBRACE=95
    RBRACE=96
    LPAREN=97
    RPAREN=98
    LBRACKET=99
    RBRACKET=100
    SEMICOLON=101
    COLON=102
    MINUS=103
    BAR=104
    CARET=105
    LESS=106
    GREATER=107
    AT=108
    EXCLAMATION=109
    AMPERSAND=110
    ALL_CAPS_REFERENCE=111
    TYPE_REFERENCE=112
    IDENTIFIER=113
    NUMBER=114
    REAL_NUMBER=115
    CSTRING=116
    BSTRING=117
    HSTRING=118
    QUOTED_WITHOUT_RADIX=119
    LINE_COMMENT=120
    BLOCK_COMMENT=121
    WHITESPACE=122

    def __init__(self, input:TokenStream, output:TextIO = sys.stdout):
        super().__init__(input, output)
        self.checkVersion("4.13.2")
        self._interp = ParserATNSimulator(self, self.atn, self.decisionsToDFA, self.sharedContextCache)
        self._predicates = None




    class SpecFileContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def EOF(self):
            return self.getToken(ASN1Parser.EOF, 0)

        def moduleDefinition(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ModuleDefinitionContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ModuleDefinitionContext,i)


        def getRuleIndex(self):
            return ASN1Parser.RULE_specFile

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSpecFile" ):
                return visitor.visitSpecFile(self)
            else:
                return visitor.visitChildren(self)




    def specFile(self):

        localctx = ASN1Parser.SpecFileContext(self, self._ctx, self.state)
        self.enterRule(localctx, 0, self.RULE_specFile)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 87
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==111 or _la==112:
                self.state = 84
                self.moduleDefinition()
                self.state = 89
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 90
            self.match(ASN1Parser.EOF)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ModuleDefinitionContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.name = None # TypeReferenceContext
            self.oid = None # ObjectIdentifierValueContext

        def DEFINITIONS(self):
            return self.getToken(ASN1Parser.DEFINITIONS, 0)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)

        def BEGIN(self):
            return self.getToken(ASN1Parser.BEGIN, 0)

        def END(self):
            return self.getToken(ASN1Parser.END, 0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def tagDefault(self):
            return self.getTypedRuleContext(ASN1Parser.TagDefaultContext,0)


        def extensionDefault(self):
            return self.getTypedRuleContext(ASN1Parser.ExtensionDefaultContext,0)


        def exports(self):
            return self.getTypedRuleContext(ASN1Parser.ExportsContext,0)


        def imports(self):
            return self.getTypedRuleContext(ASN1Parser.ImportsContext,0)


        def assignment(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.AssignmentContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.AssignmentContext,i)


        def objectIdentifierValue(self):
            return self.getTypedRuleContext(ASN1Parser.ObjectIdentifierValueContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_moduleDefinition

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitModuleDefinition" ):
                return visitor.visitModuleDefinition(self)
            else:
                return visitor.visitChildren(self)




    def moduleDefinition(self):

        localctx = ASN1Parser.ModuleDefinitionContext(self, self._ctx, self.state)
        self.enterRule(localctx, 2, self.RULE_moduleDefinition)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 92
            localctx.name = self.typeReference()
            self.state = 94
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==95:
                self.state = 93
                localctx.oid = self.objectIdentifierValue()


            self.state = 96
            self.match(ASN1Parser.DEFINITIONS)
            self.state = 98
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if (((_la) & ~0x3f) == 0 and ((1 << _la) & 1100048498720) != 0):
                self.state = 97
                self.tagDefault()


            self.state = 101
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==31:
                self.state = 100
                self.extensionDefault()


            self.state = 103
            self.match(ASN1Parser.ASSIGN)
            self.state = 104
            self.match(ASN1Parser.BEGIN)
            self.state = 106
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==30:
                self.state = 105
                self.exports()


            self.state = 109
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==42:
                self.state = 108
                self.imports()


            self.state = 114
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while ((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 7) != 0):
                self.state = 111
                self.assignment()
                self.state = 116
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 117
            self.match(ASN1Parser.END)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class TagDefaultContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.tagging = None # Token

        def TAGS(self):
            return self.getToken(ASN1Parser.TAGS, 0)

        def EXPLICIT(self):
            return self.getToken(ASN1Parser.EXPLICIT, 0)

        def IMPLICIT(self):
            return self.getToken(ASN1Parser.IMPLICIT, 0)

        def AUTOMATIC(self):
            return self.getToken(ASN1Parser.AUTOMATIC, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_tagDefault

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTagDefault" ):
                return visitor.visitTagDefault(self)
            else:
                return visitor.visitChildren(self)




    def tagDefault(self):

        localctx = ASN1Parser.TagDefaultContext(self, self._ctx, self.state)
        self.enterRule(localctx, 4, self.RULE_tagDefault)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 119
            localctx.tagging = self._input.LT(1)
            _la = self._input.LA(1)
            if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 1100048498720) != 0)):
                localctx.tagging = self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
            self.state = 120
            self.match(ASN1Parser.TAGS)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ExtensionDefaultContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def EXTENSIBILITY(self):
            return self.getToken(ASN1Parser.EXTENSIBILITY, 0)

        def IMPLIED(self):
            return self.getToken(ASN1Parser.IMPLIED, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_extensionDefault

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExtensionDefault" ):
                return visitor.visitExtensionDefault(self)
            else:
                return visitor.visitChildren(self)




    def extensionDefault(self):

        localctx = ASN1Parser.ExtensionDefaultContext(self, self._ctx, self.state)
        self.enterRule(localctx, 6, self.RULE_extensionDefault)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 122
            self.match(ASN1Parser.EXTENSIBILITY)
            self.state = 123
            self.match(ASN1Parser.IMPLIED)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ObjectIdentifierValueContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)

        def objectIdentifierComponent(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ObjectIdentifierComponentContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ObjectIdentifierComponentContext,i)


        def getRuleIndex(self):
            return ASN1Parser.RULE_objectIdentifierValue

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitObjectIdentifierValue" ):
                return visitor.visitObjectIdentifierValue(self)
            else:
                return visitor.visitChildren(self)




    def objectIdentifierValue(self):

        localctx = ASN1Parser.ObjectIdentifierValueContext(self, self._ctx, self.state)
        self.enterRule(localctx, 8, self.RULE_objectIdentifierValue)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 125
            self.match(ASN1Parser.LBRACE)
            self.state = 127 
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while True:
                self.state = 126
                self.objectIdentifierComponent()
                self.state = 129 
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if not (((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 15) != 0)):
                    break

            self.state = 131
            self.match(ASN1Parser.RBRACE)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ObjectIdentifierComponentContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def NUMBER(self):
            return self.getToken(ASN1Parser.NUMBER, 0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def LPAREN(self):
            return self.getToken(ASN1Parser.LPAREN, 0)

        def RPAREN(self):
            return self.getToken(ASN1Parser.RPAREN, 0)

        def definedValue(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedValueContext,0)


        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def DOT(self):
            return self.getToken(ASN1Parser.DOT, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_objectIdentifierComponent

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitObjectIdentifierComponent" ):
                return visitor.visitObjectIdentifierComponent(self)
            else:
                return visitor.visitChildren(self)




    def objectIdentifierComponent(self):

        localctx = ASN1Parser.ObjectIdentifierComponentContext(self, self._ctx, self.state)
        self.enterRule(localctx, 10, self.RULE_objectIdentifierComponent)
        self._la = 0 # Token type
        try:
            self.state = 147
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [114]:
                self.enterOuterAlt(localctx, 1)
                self.state = 133
                self.match(ASN1Parser.NUMBER)
                pass
            elif token in [113]:
                self.enterOuterAlt(localctx, 2)
                self.state = 134
                self.match(ASN1Parser.IDENTIFIER)
                self.state = 141
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==97:
                    self.state = 135
                    self.match(ASN1Parser.LPAREN)
                    self.state = 138
                    self._errHandler.sync(self)
                    token = self._input.LA(1)
                    if token in [114]:
                        self.state = 136
                        self.match(ASN1Parser.NUMBER)
                        pass
                    elif token in [111, 112, 113]:
                        self.state = 137
                        self.definedValue()
                        pass
                    else:
                        raise NoViableAltException(self)

                    self.state = 140
                    self.match(ASN1Parser.RPAREN)


                pass
            elif token in [111, 112]:
                self.enterOuterAlt(localctx, 3)
                self.state = 143
                self.typeReference()
                self.state = 144
                self.match(ASN1Parser.DOT)
                self.state = 145
                self.match(ASN1Parser.IDENTIFIER)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ExportsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_exports

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class ExportsSymbolsContext(ExportsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ExportsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def EXPORTS(self):
            return self.getToken(ASN1Parser.EXPORTS, 0)
        def SEMICOLON(self):
            return self.getToken(ASN1Parser.SEMICOLON, 0)
        def symbol(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.SymbolContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.SymbolContext,i)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExportsSymbols" ):
                return visitor.visitExportsSymbols(self)
            else:
                return visitor.visitChildren(self)


    class ExportsAllContext(ExportsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ExportsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def EXPORTS(self):
            return self.getToken(ASN1Parser.EXPORTS, 0)
        def ALL(self):
            return self.getToken(ASN1Parser.ALL, 0)
        def SEMICOLON(self):
            return self.getToken(ASN1Parser.SEMICOLON, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExportsAll" ):
                return visitor.visitExportsAll(self)
            else:
                return visitor.visitChildren(self)



    def exports(self):

        localctx = ASN1Parser.ExportsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 12, self.RULE_exports)
        self._la = 0 # Token type
        try:
            self.state = 164
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,13,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.ExportsAllContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 149
                self.match(ASN1Parser.EXPORTS)
                self.state = 150
                self.match(ASN1Parser.ALL)
                self.state = 151
                self.match(ASN1Parser.SEMICOLON)
                pass

            elif la_ == 2:
                localctx = ASN1Parser.ExportsSymbolsContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 152
                self.match(ASN1Parser.EXPORTS)
                self.state = 161
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if ((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 7) != 0):
                    self.state = 153
                    self.symbol()
                    self.state = 158
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==91:
                        self.state = 154
                        self.match(ASN1Parser.COMMA)
                        self.state = 155
                        self.symbol()
                        self.state = 160
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)



                self.state = 163
                self.match(ASN1Parser.SEMICOLON)
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ImportsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def IMPORTS(self):
            return self.getToken(ASN1Parser.IMPORTS, 0)

        def SEMICOLON(self):
            return self.getToken(ASN1Parser.SEMICOLON, 0)

        def symbolsFromModule(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.SymbolsFromModuleContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.SymbolsFromModuleContext,i)


        def getRuleIndex(self):
            return ASN1Parser.RULE_imports

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitImports" ):
                return visitor.visitImports(self)
            else:
                return visitor.visitChildren(self)




    def imports(self):

        localctx = ASN1Parser.ImportsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 14, self.RULE_imports)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 166
            self.match(ASN1Parser.IMPORTS)
            self.state = 170
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while ((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 7) != 0):
                self.state = 167
                self.symbolsFromModule()
                self.state = 172
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 173
            self.match(ASN1Parser.SEMICOLON)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class SymbolsFromModuleContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.module = None # TypeReferenceContext

        def symbol(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.SymbolContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.SymbolContext,i)


        def FROM(self):
            return self.getToken(ASN1Parser.FROM, 0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def assignedIdentifier(self):
            return self.getTypedRuleContext(ASN1Parser.AssignedIdentifierContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_symbolsFromModule

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSymbolsFromModule" ):
                return visitor.visitSymbolsFromModule(self)
            else:
                return visitor.visitChildren(self)




    def symbolsFromModule(self):

        localctx = ASN1Parser.SymbolsFromModuleContext(self, self._ctx, self.state)
        self.enterRule(localctx, 16, self.RULE_symbolsFromModule)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 175
            self.symbol()
            self.state = 180
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==91:
                self.state = 176
                self.match(ASN1Parser.COMMA)
                self.state = 177
                self.symbol()
                self.state = 182
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 183
            self.match(ASN1Parser.FROM)
            self.state = 184
            localctx.module = self.typeReference()
            self.state = 186
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,16,self._ctx)
            if la_ == 1:
                self.state = 185
                self.assignedIdentifier()


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class AssignedIdentifierContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def objectIdentifierValue(self):
            return self.getTypedRuleContext(ASN1Parser.ObjectIdentifierValueContext,0)


        def definedValue(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedValueContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_assignedIdentifier

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitAssignedIdentifier" ):
                return visitor.visitAssignedIdentifier(self)
            else:
                return visitor.visitChildren(self)




    def assignedIdentifier(self):

        localctx = ASN1Parser.AssignedIdentifierContext(self, self._ctx, self.state)
        self.enterRule(localctx, 18, self.RULE_assignedIdentifier)
        try:
            self.state = 190
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [95]:
                self.enterOuterAlt(localctx, 1)
                self.state = 188
                self.objectIdentifierValue()
                pass
            elif token in [111, 112, 113]:
                self.enterOuterAlt(localctx, 2)
                self.state = 189
                self.definedValue()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class SymbolContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.parameterized = None # Token

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_symbol

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSymbol" ):
                return visitor.visitSymbol(self)
            else:
                return visitor.visitChildren(self)




    def symbol(self):

        localctx = ASN1Parser.SymbolContext(self, self._ctx, self.state)
        self.enterRule(localctx, 20, self.RULE_symbol)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 194
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [111, 112]:
                self.state = 192
                self.typeReference()
                pass
            elif token in [113]:
                self.state = 193
                self.match(ASN1Parser.IDENTIFIER)
                pass
            else:
                raise NoViableAltException(self)

            self.state = 198
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==95:
                self.state = 196
                localctx.parameterized = self.match(ASN1Parser.LBRACE)
                self.state = 197
                self.match(ASN1Parser.RBRACE)


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class AssignmentContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_assignment

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class MacroTypeNotationContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # TypeReferenceContext
            self.macroName = None # Token
            self.copyFrom(ctx)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def macroKeyword(self):
            return self.getTypedRuleContext(ASN1Parser.MacroKeywordContext,0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)

        def ALL_CAPS_REFERENCE(self):
            return self.getToken(ASN1Parser.ALL_CAPS_REFERENCE, 0)
        def macroToken(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.MacroTokenContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.MacroTokenContext,i)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitMacroTypeNotation" ):
                return visitor.visitMacroTypeNotation(self)
            else:
                return visitor.visitChildren(self)


    class ValueSetAssignmentContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # TypeReferenceContext
            self.copyFrom(ctx)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def bracedTokens(self):
            return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitValueSetAssignment" ):
                return visitor.visitValueSetAssignment(self)
            else:
                return visitor.visitChildren(self)


    class ParameterizedTypeAssignmentContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # TypeReferenceContext
            self.copyFrom(ctx)

        def parameterList(self):
            return self.getTypedRuleContext(ASN1Parser.ParameterListContext,0)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitParameterizedTypeAssignment" ):
                return visitor.visitParameterizedTypeAssignment(self)
            else:
                return visitor.visitChildren(self)


    class ParameterizedAssignmentContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.typeName = None # TypeReferenceContext
            self.valueName = None # Token
            self.copyFrom(ctx)

        def parameterList(self):
            return self.getTypedRuleContext(ASN1Parser.ParameterListContext,0)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def bracedTokens(self):
            return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)

        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitParameterizedAssignment" ):
                return visitor.visitParameterizedAssignment(self)
            else:
                return visitor.visitChildren(self)


    class ValueAssignmentContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # Token
            self.copyFrom(ctx)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitValueAssignment" ):
                return visitor.visitValueAssignment(self)
            else:
                return visitor.visitChildren(self)


    class MacroValueNotationContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # Token
            self.macroName = None # Token
            self.copyFrom(ctx)

        def macroKeyword(self):
            return self.getTypedRuleContext(ASN1Parser.MacroKeywordContext,0)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)
        def ALL_CAPS_REFERENCE(self):
            return self.getToken(ASN1Parser.ALL_CAPS_REFERENCE, 0)
        def macroToken(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.MacroTokenContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.MacroTokenContext,i)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitMacroValueNotation" ):
                return visitor.visitMacroValueNotation(self)
            else:
                return visitor.visitChildren(self)


    class TypeAssignmentContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # TypeReferenceContext
            self.copyFrom(ctx)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTypeAssignment" ):
                return visitor.visitTypeAssignment(self)
            else:
                return visitor.visitChildren(self)


    class MacroDefinitionContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.name = None # TypeReferenceContext
            self.copyFrom(ctx)

        def MACRO(self):
            return self.getToken(ASN1Parser.MACRO, 0)
        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def BEGIN(self):
            return self.getToken(ASN1Parser.BEGIN, 0)
        def END(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.END)
            else:
                return self.getToken(ASN1Parser.END, i)
        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitMacroDefinition" ):
                return visitor.visitMacroDefinition(self)
            else:
                return visitor.visitChildren(self)



    def assignment(self):

        localctx = ASN1Parser.AssignmentContext(self, self._ctx, self.state)
        self.enterRule(localctx, 22, self.RULE_assignment)
        self._la = 0 # Token type
        try:
            self.state = 265
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,23,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.TypeAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 200
                localctx.name = self.typeReference()
                self.state = 201
                self.match(ASN1Parser.ASSIGN)
                self.state = 202
                self.type_()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.ValueAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 204
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 205
                self.type_()
                self.state = 206
                self.match(ASN1Parser.ASSIGN)
                self.state = 207
                self.value()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.ValueSetAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 209
                localctx.name = self.typeReference()
                self.state = 210
                self.type_()
                self.state = 211
                self.match(ASN1Parser.ASSIGN)
                self.state = 212
                self.bracedTokens()
                pass

            elif la_ == 4:
                localctx = ASN1Parser.ParameterizedTypeAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 214
                localctx.name = self.typeReference()
                self.state = 215
                self.parameterList()
                self.state = 216
                self.match(ASN1Parser.ASSIGN)
                self.state = 217
                self.type_()
                pass

            elif la_ == 5:
                localctx = ASN1Parser.ParameterizedAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 219
                localctx.typeName = self.typeReference()
                self.state = 220
                self.parameterList()
                self.state = 221
                self.type_()
                self.state = 222
                self.match(ASN1Parser.ASSIGN)
                self.state = 223
                self.bracedTokens()
                pass

            elif la_ == 6:
                localctx = ASN1Parser.ParameterizedAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 225
                localctx.valueName = self.match(ASN1Parser.IDENTIFIER)
                self.state = 226
                self.parameterList()
                self.state = 227
                self.type_()
                self.state = 228
                self.match(ASN1Parser.ASSIGN)
                self.state = 229
                self.value()
                pass

            elif la_ == 7:
                localctx = ASN1Parser.MacroDefinitionContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 231
                localctx.name = self.typeReference()
                self.state = 232
                self.match(ASN1Parser.MACRO)
                self.state = 233
                self.match(ASN1Parser.ASSIGN)
                self.state = 234
                self.match(ASN1Parser.BEGIN)
                self.state = 238
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while (((_la) & ~0x3f) == 0 and ((1 << _la) & -67108866) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 576460752303423487) != 0):
                    self.state = 235
                    _la = self._input.LA(1)
                    if _la <= 0 or _la==26:
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()
                    self.state = 240
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 241
                self.match(ASN1Parser.END)
                pass

            elif la_ == 8:
                localctx = ASN1Parser.MacroTypeNotationContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 243
                localctx.name = self.typeReference()
                self.state = 244
                self.match(ASN1Parser.ASSIGN)
                self.state = 245
                localctx.macroName = self.match(ASN1Parser.ALL_CAPS_REFERENCE)
                self.state = 246
                self.macroKeyword()
                self.state = 250
                self._errHandler.sync(self)
                _alt = self._interp.adaptivePredict(self._input,21,self._ctx)
                while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                    if _alt==1:
                        self.state = 247
                        self.macroToken() 
                    self.state = 252
                    self._errHandler.sync(self)
                    _alt = self._interp.adaptivePredict(self._input,21,self._ctx)

                pass

            elif la_ == 9:
                localctx = ASN1Parser.MacroValueNotationContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 253
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 254
                localctx.macroName = self.match(ASN1Parser.ALL_CAPS_REFERENCE)
                self.state = 255
                self.macroKeyword()
                self.state = 259
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while (((_la) & ~0x3f) == 0 and ((1 << _la) & -67108930) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 576460752236314623) != 0):
                    self.state = 256
                    self.macroToken()
                    self.state = 261
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 262
                self.match(ASN1Parser.ASSIGN)
                self.state = 263
                self.value()
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ParameterListContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)

        def parameter(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ParameterContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ParameterContext,i)


        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def getRuleIndex(self):
            return ASN1Parser.RULE_parameterList

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitParameterList" ):
                return visitor.visitParameterList(self)
            else:
                return visitor.visitChildren(self)




    def parameterList(self):

        localctx = ASN1Parser.ParameterListContext(self, self._ctx, self.state)
        self.enterRule(localctx, 24, self.RULE_parameterList)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 267
            self.match(ASN1Parser.LBRACE)
            self.state = 268
            self.parameter()
            self.state = 273
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==91:
                self.state = 269
                self.match(ASN1Parser.COMMA)
                self.state = 270
                self.parameter()
                self.state = 275
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 276
            self.match(ASN1Parser.RBRACE)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ParameterContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.governor = None # TypeContext
            self.paramName = None # Token

        def TYPE_REFERENCE(self):
            return self.getToken(ASN1Parser.TYPE_REFERENCE, 0)

        def ALL_CAPS_REFERENCE(self):
            return self.getToken(ASN1Parser.ALL_CAPS_REFERENCE, 0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def COLON(self):
            return self.getToken(ASN1Parser.COLON, 0)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_parameter

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitParameter" ):
                return visitor.visitParameter(self)
            else:
                return visitor.visitChildren(self)




    def parameter(self):

        localctx = ASN1Parser.ParameterContext(self, self._ctx, self.state)
        self.enterRule(localctx, 26, self.RULE_parameter)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 281
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,25,self._ctx)
            if la_ == 1:
                self.state = 278
                localctx.governor = self.type_()
                self.state = 279
                self.match(ASN1Parser.COLON)


            self.state = 283
            localctx.paramName = self._input.LT(1)
            _la = self._input.LA(1)
            if not(((((_la - 111)) & ~0x3f) == 0 and ((1 << (_la - 111)) & 7) != 0)):
                localctx.paramName = self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ActualParameterListContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)

        def actualParameter(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ActualParameterContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ActualParameterContext,i)


        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def getRuleIndex(self):
            return ASN1Parser.RULE_actualParameterList

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitActualParameterList" ):
                return visitor.visitActualParameterList(self)
            else:
                return visitor.visitChildren(self)




    def actualParameterList(self):

        localctx = ASN1Parser.ActualParameterListContext(self, self._ctx, self.state)
        self.enterRule(localctx, 28, self.RULE_actualParameterList)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 285
            self.match(ASN1Parser.LBRACE)
            self.state = 286
            self.actualParameter()
            self.state = 291
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==91:
                self.state = 287
                self.match(ASN1Parser.COMMA)
                self.state = 288
                self.actualParameter()
                self.state = 293
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 294
            self.match(ASN1Parser.RBRACE)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ActualParameterContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)

        def elementSetSpecs(self):
            return self.getTypedRuleContext(ASN1Parser.ElementSetSpecsContext,0)


        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)


        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_actualParameter

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitActualParameter" ):
                return visitor.visitActualParameter(self)
            else:
                return visitor.visitChildren(self)




    def actualParameter(self):

        localctx = ASN1Parser.ActualParameterContext(self, self._ctx, self.state)
        self.enterRule(localctx, 30, self.RULE_actualParameter)
        try:
            self.state = 302
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,27,self._ctx)
            if la_ == 1:
                self.enterOuterAlt(localctx, 1)
                self.state = 296
                self.match(ASN1Parser.LBRACE)
                self.state = 297
                self.elementSetSpecs()
                self.state = 298
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 2:
                self.enterOuterAlt(localctx, 2)
                self.state = 300
                self.type_()
                pass

            elif la_ == 3:
                self.enterOuterAlt(localctx, 3)
                self.state = 301
                self.value()
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class MacroKeywordContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def ALL_CAPS_REFERENCE(self):
            return self.getToken(ASN1Parser.ALL_CAPS_REFERENCE, 0)

        def SYNTAX(self):
            return self.getToken(ASN1Parser.SYNTAX, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_macroKeyword

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitMacroKeyword" ):
                return visitor.visitMacroKeyword(self)
            else:
                return visitor.visitChildren(self)




    def macroKeyword(self):

        localctx = ASN1Parser.MacroKeywordContext(self, self._ctx, self.state)
        self.enterRule(localctx, 32, self.RULE_macroKeyword)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 304
            _la = self._input.LA(1)
            if not(_la==74 or _la==111):
                self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class MacroTokenContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)

        def BEGIN(self):
            return self.getToken(ASN1Parser.BEGIN, 0)

        def END(self):
            return self.getToken(ASN1Parser.END, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_macroToken

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitMacroToken" ):
                return visitor.visitMacroToken(self)
            else:
                return visitor.visitChildren(self)




    def macroToken(self):

        localctx = ASN1Parser.MacroTokenContext(self, self._ctx, self.state)
        self.enterRule(localctx, 34, self.RULE_macroToken)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 306
            _la = self._input.LA(1)
            if _la <= 0 or _la==6 or _la==26 or _la==90:
                self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class TypeContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_type

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class SequenceOfTypeContext(TypeContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeContext
            super().__init__(parser)
            self.kind = None # Token
            self.size = None # ConstraintContext
            self.elementName = None # Token
            self.copyFrom(ctx)

        def OF(self):
            return self.getToken(ASN1Parser.OF, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def SEQUENCE(self):
            return self.getToken(ASN1Parser.SEQUENCE, 0)
        def SET(self):
            return self.getToken(ASN1Parser.SET, 0)
        def SIZE(self):
            return self.getToken(ASN1Parser.SIZE, 0)
        def constraint(self):
            return self.getTypedRuleContext(ASN1Parser.ConstraintContext,0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSequenceOfType" ):
                return visitor.visitSequenceOfType(self)
            else:
                return visitor.visitChildren(self)


    class TaggedTypeContext(TypeContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeContext
            super().__init__(parser)
            self.tagging = None # Token
            self.copyFrom(ctx)

        def tag(self):
            return self.getTypedRuleContext(ASN1Parser.TagContext,0)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def IMPLICIT(self):
            return self.getToken(ASN1Parser.IMPLICIT, 0)
        def EXPLICIT(self):
            return self.getToken(ASN1Parser.EXPLICIT, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTaggedType" ):
                return visitor.visitTaggedType(self)
            else:
                return visitor.visitChildren(self)


    class ConstrainedTypeContext(TypeContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def typeBody(self):
            return self.getTypedRuleContext(ASN1Parser.TypeBodyContext,0)

        def constraint(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ConstraintContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ConstraintContext,i)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitConstrainedType" ):
                return visitor.visitConstrainedType(self)
            else:
                return visitor.visitChildren(self)



    def type_(self):

        localctx = ASN1Parser.TypeContext(self, self._ctx, self.state)
        self.enterRule(localctx, 36, self.RULE_type)
        self._la = 0 # Token type
        try:
            self.state = 332
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,32,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.TaggedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 308
                self.tag()
                self.state = 310
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==29 or _la==40:
                    self.state = 309
                    localctx.tagging = self._input.LT(1)
                    _la = self._input.LA(1)
                    if not(_la==29 or _la==40):
                        localctx.tagging = self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()


                self.state = 312
                self.type_()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.SequenceOfTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 314
                localctx.kind = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==69 or _la==70):
                    localctx.kind = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 318
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [72]:
                    self.state = 315
                    self.match(ASN1Parser.SIZE)
                    self.state = 316
                    localctx.size = self.constraint()
                    pass
                elif token in [97]:
                    self.state = 317
                    self.constraint()
                    pass
                elif token in [58]:
                    pass
                else:
                    pass
                self.state = 320
                self.match(ASN1Parser.OF)
                self.state = 322
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,30,self._ctx)
                if la_ == 1:
                    self.state = 321
                    localctx.elementName = self.match(ASN1Parser.IDENTIFIER)


                self.state = 324
                self.type_()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.ConstrainedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 325
                self.typeBody()
                self.state = 329
                self._errHandler.sync(self)
                _alt = self._interp.adaptivePredict(self._input,31,self._ctx)
                while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                    if _alt==1:
                        self.state = 326
                        self.constraint() 
                    self.state = 331
                    self._errHandler.sync(self)
                    _alt = self._interp.adaptivePredict(self._input,31,self._ctx)

                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class TypeBodyContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_typeBody

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class ExternalTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def EXTERNAL(self):
            return self.getToken(ASN1Parser.EXTERNAL, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExternalType" ):
                return visitor.visitExternalType(self)
            else:
                return visitor.visitChildren(self)


    class EnumeratedTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def ENUMERATED(self):
            return self.getToken(ASN1Parser.ENUMERATED, 0)
        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def enumerationItem(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.EnumerationItemContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.EnumerationItemContext,i)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)
        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitEnumeratedType" ):
                return visitor.visitEnumeratedType(self)
            else:
                return visitor.visitChildren(self)


    class AnyTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def ANY(self):
            return self.getToken(ASN1Parser.ANY, 0)
        def DEFINED(self):
            return self.getToken(ASN1Parser.DEFINED, 0)
        def BY(self):
            return self.getToken(ASN1Parser.BY, 0)
        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitAnyType" ):
                return visitor.visitAnyType(self)
            else:
                return visitor.visitChildren(self)


    class ObjectClassFieldTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def definedObjectClass(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedObjectClassContext,0)

        def DOT(self):
            return self.getToken(ASN1Parser.DOT, 0)
        def fieldName(self):
            return self.getTypedRuleContext(ASN1Parser.FieldNameContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitObjectClassFieldType" ):
                return visitor.visitObjectClassFieldType(self)
            else:
                return visitor.visitChildren(self)


    class EmbeddedPdvTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def EMBEDDED(self):
            return self.getToken(ASN1Parser.EMBEDDED, 0)
        def PDV(self):
            return self.getToken(ASN1Parser.PDV, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitEmbeddedPdvType" ):
                return visitor.visitEmbeddedPdvType(self)
            else:
                return visitor.visitChildren(self)


    class IntegerTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def INTEGER(self):
            return self.getToken(ASN1Parser.INTEGER, 0)
        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def namedNumber(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.NamedNumberContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.NamedNumberContext,i)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)
        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitIntegerType" ):
                return visitor.visitIntegerType(self)
            else:
                return visitor.visitChildren(self)


    class TimeTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def UTCTime(self):
            return self.getToken(ASN1Parser.UTCTime, 0)
        def GeneralizedTime(self):
            return self.getToken(ASN1Parser.GeneralizedTime, 0)
        def TIME(self):
            return self.getToken(ASN1Parser.TIME, 0)
        def DATE(self):
            return self.getToken(ASN1Parser.DATE, 0)
        def TIME_OF_DAY(self):
            return self.getToken(ASN1Parser.TIME_OF_DAY, 0)
        def DATE_TIME(self):
            return self.getToken(ASN1Parser.DATE_TIME, 0)
        def DURATION(self):
            return self.getToken(ASN1Parser.DURATION, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTimeType" ):
                return visitor.visitTimeType(self)
            else:
                return visitor.visitChildren(self)


    class InstanceOfTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def INSTANCE(self):
            return self.getToken(ASN1Parser.INSTANCE, 0)
        def OF(self):
            return self.getToken(ASN1Parser.OF, 0)
        def definedObjectClass(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedObjectClassContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitInstanceOfType" ):
                return visitor.visitInstanceOfType(self)
            else:
                return visitor.visitChildren(self)


    class ParameterizedTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.module = None # TypeReferenceContext
            self.name = None # TypeReferenceContext
            self.copyFrom(ctx)

        def actualParameterList(self):
            return self.getTypedRuleContext(ASN1Parser.ActualParameterListContext,0)

        def typeReference(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.TypeReferenceContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,i)

        def DOT(self):
            return self.getToken(ASN1Parser.DOT, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitParameterizedType" ):
                return visitor.visitParameterizedType(self)
            else:
                return visitor.visitChildren(self)


    class BitStringTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def BIT(self):
            return self.getToken(ASN1Parser.BIT, 0)
        def STRING(self):
            return self.getToken(ASN1Parser.STRING, 0)
        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def namedNumber(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.NamedNumberContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.NamedNumberContext,i)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)
        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitBitStringType" ):
                return visitor.visitBitStringType(self)
            else:
                return visitor.visitChildren(self)


    class ChoiceTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CHOICE(self):
            return self.getToken(ASN1Parser.CHOICE, 0)
        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def componentItem(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ComponentItemContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ComponentItemContext,i)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)
        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitChoiceType" ):
                return visitor.visitChoiceType(self)
            else:
                return visitor.visitChildren(self)


    class SelectionTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)
        def LESS(self):
            return self.getToken(ASN1Parser.LESS, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSelectionType" ):
                return visitor.visitSelectionType(self)
            else:
                return visitor.visitChildren(self)


    class UnrestrictedCharacterStringTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CHARACTER(self):
            return self.getToken(ASN1Parser.CHARACTER, 0)
        def STRING(self):
            return self.getToken(ASN1Parser.STRING, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitUnrestrictedCharacterStringType" ):
                return visitor.visitUnrestrictedCharacterStringType(self)
            else:
                return visitor.visitChildren(self)


    class CharStringTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.kind = None # Token
            self.copyFrom(ctx)

        def BMPString(self):
            return self.getToken(ASN1Parser.BMPString, 0)
        def GeneralString(self):
            return self.getToken(ASN1Parser.GeneralString, 0)
        def GraphicString(self):
            return self.getToken(ASN1Parser.GraphicString, 0)
        def IA5String(self):
            return self.getToken(ASN1Parser.IA5String, 0)
        def ISO646String(self):
            return self.getToken(ASN1Parser.ISO646String, 0)
        def NumericString(self):
            return self.getToken(ASN1Parser.NumericString, 0)
        def PrintableString(self):
            return self.getToken(ASN1Parser.PrintableString, 0)
        def TeletexString(self):
            return self.getToken(ASN1Parser.TeletexString, 0)
        def T61String(self):
            return self.getToken(ASN1Parser.T61String, 0)
        def UniversalString(self):
            return self.getToken(ASN1Parser.UniversalString, 0)
        def UTF8String(self):
            return self.getToken(ASN1Parser.UTF8String, 0)
        def VideotexString(self):
            return self.getToken(ASN1Parser.VideotexString, 0)
        def VisibleString(self):
            return self.getToken(ASN1Parser.VisibleString, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitCharStringType" ):
                return visitor.visitCharStringType(self)
            else:
                return visitor.visitChildren(self)


    class ObjectIdentifierTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def OBJECT(self):
            return self.getToken(ASN1Parser.OBJECT, 0)
        def IDENTIFIER_KW(self):
            return self.getToken(ASN1Parser.IDENTIFIER_KW, 0)
        def RELATIVE_OID(self):
            return self.getToken(ASN1Parser.RELATIVE_OID, 0)
        def OID_IRI(self):
            return self.getToken(ASN1Parser.OID_IRI, 0)
        def RELATIVE_OID_IRI(self):
            return self.getToken(ASN1Parser.RELATIVE_OID_IRI, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitObjectIdentifierType" ):
                return visitor.visitObjectIdentifierType(self)
            else:
                return visitor.visitChildren(self)


    class ObjectDescriptorTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def ObjectDescriptor(self):
            return self.getToken(ASN1Parser.ObjectDescriptor, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitObjectDescriptorType" ):
                return visitor.visitObjectDescriptorType(self)
            else:
                return visitor.visitChildren(self)


    class BuiltinTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def BOOLEAN(self):
            return self.getToken(ASN1Parser.BOOLEAN, 0)
        def NULL(self):
            return self.getToken(ASN1Parser.NULL, 0)
        def REAL(self):
            return self.getToken(ASN1Parser.REAL, 0)
        def OCTET(self):
            return self.getToken(ASN1Parser.OCTET, 0)
        def STRING(self):
            return self.getToken(ASN1Parser.STRING, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitBuiltinType" ):
                return visitor.visitBuiltinType(self)
            else:
                return visitor.visitChildren(self)


    class ObjectClassDefinitionContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CLASS(self):
            return self.getToken(ASN1Parser.CLASS, 0)
        def bracedTokens(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.BracedTokensContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,i)

        def WITH(self):
            return self.getToken(ASN1Parser.WITH, 0)
        def SYNTAX(self):
            return self.getToken(ASN1Parser.SYNTAX, 0)
        def TYPE_IDENTIFIER(self):
            return self.getToken(ASN1Parser.TYPE_IDENTIFIER, 0)
        def ABSTRACT_SYNTAX(self):
            return self.getToken(ASN1Parser.ABSTRACT_SYNTAX, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitObjectClassDefinition" ):
                return visitor.visitObjectClassDefinition(self)
            else:
                return visitor.visitChildren(self)


    class SequenceTypeContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.kind = None # Token
            self.copyFrom(ctx)

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)
        def SEQUENCE(self):
            return self.getToken(ASN1Parser.SEQUENCE, 0)
        def SET(self):
            return self.getToken(ASN1Parser.SET, 0)
        def componentItem(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ComponentItemContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ComponentItemContext,i)

        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSequenceType" ):
                return visitor.visitSequenceType(self)
            else:
                return visitor.visitChildren(self)


    class TypeRefContext(TypeBodyContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.TypeBodyContext
            super().__init__(parser)
            self.module = None # TypeReferenceContext
            self.name = None # TypeReferenceContext
            self.copyFrom(ctx)

        def typeReference(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.TypeReferenceContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,i)

        def DOT(self):
            return self.getToken(ASN1Parser.DOT, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTypeRef" ):
                return visitor.visitTypeRef(self)
            else:
                return visitor.visitChildren(self)



    def typeBody(self):

        localctx = ASN1Parser.TypeBodyContext(self, self._ctx, self.state)
        self.enterRule(localctx, 38, self.RULE_typeBody)
        self._la = 0 # Token type
        try:
            self.state = 460
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,47,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.BuiltinTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 339
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [9]:
                    self.state = 334
                    self.match(ASN1Parser.BOOLEAN)
                    pass
                elif token in [53]:
                    self.state = 335
                    self.match(ASN1Parser.NULL)
                    pass
                elif token in [66]:
                    self.state = 336
                    self.match(ASN1Parser.REAL)
                    pass
                elif token in [57]:
                    self.state = 337
                    self.match(ASN1Parser.OCTET)
                    self.state = 338
                    self.match(ASN1Parser.STRING)
                    pass
                else:
                    raise NoViableAltException(self)

                pass

            elif la_ == 2:
                localctx = ASN1Parser.IntegerTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 341
                self.match(ASN1Parser.INTEGER)
                self.state = 353
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==95:
                    self.state = 342
                    self.match(ASN1Parser.LBRACE)
                    self.state = 343
                    self.namedNumber()
                    self.state = 348
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==91:
                        self.state = 344
                        self.match(ASN1Parser.COMMA)
                        self.state = 345
                        self.namedNumber()
                        self.state = 350
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)

                    self.state = 351
                    self.match(ASN1Parser.RBRACE)


                pass

            elif la_ == 3:
                localctx = ASN1Parser.EnumeratedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 355
                self.match(ASN1Parser.ENUMERATED)
                self.state = 356
                self.match(ASN1Parser.LBRACE)
                self.state = 357
                self.enumerationItem()
                self.state = 362
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==91:
                    self.state = 358
                    self.match(ASN1Parser.COMMA)
                    self.state = 359
                    self.enumerationItem()
                    self.state = 364
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 365
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 4:
                localctx = ASN1Parser.BitStringTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 367
                self.match(ASN1Parser.BIT)
                self.state = 368
                self.match(ASN1Parser.STRING)
                self.state = 380
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==95:
                    self.state = 369
                    self.match(ASN1Parser.LBRACE)
                    self.state = 370
                    self.namedNumber()
                    self.state = 375
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==91:
                        self.state = 371
                        self.match(ASN1Parser.COMMA)
                        self.state = 372
                        self.namedNumber()
                        self.state = 377
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)

                    self.state = 378
                    self.match(ASN1Parser.RBRACE)


                pass

            elif la_ == 5:
                localctx = ASN1Parser.CharStringTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 382
                localctx.kind = self._input.LT(1)
                _la = self._input.LA(1)
                if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 18155617034174720) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 30418945) != 0)):
                    localctx.kind = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 6:
                localctx = ASN1Parser.SequenceTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 383
                localctx.kind = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==69 or _la==70):
                    localctx.kind = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 384
                self.match(ASN1Parser.LBRACE)
                self.state = 393
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==15 or ((((_la - 92)) & ~0x3f) == 0 and ((1 << (_la - 92)) & 2097281) != 0):
                    self.state = 385
                    self.componentItem()
                    self.state = 390
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==91:
                        self.state = 386
                        self.match(ASN1Parser.COMMA)
                        self.state = 387
                        self.componentItem()
                        self.state = 392
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)



                self.state = 395
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 7:
                localctx = ASN1Parser.ChoiceTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 396
                self.match(ASN1Parser.CHOICE)
                self.state = 397
                self.match(ASN1Parser.LBRACE)
                self.state = 398
                self.componentItem()
                self.state = 403
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==91:
                    self.state = 399
                    self.match(ASN1Parser.COMMA)
                    self.state = 400
                    self.componentItem()
                    self.state = 405
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 406
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 8:
                localctx = ASN1Parser.TypeRefContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 411
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,42,self._ctx)
                if la_ == 1:
                    self.state = 408
                    localctx.module = self.typeReference()
                    self.state = 409
                    self.match(ASN1Parser.DOT)


                self.state = 413
                localctx.name = self.typeReference()
                pass

            elif la_ == 9:
                localctx = ASN1Parser.ParameterizedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 417
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,43,self._ctx)
                if la_ == 1:
                    self.state = 414
                    localctx.module = self.typeReference()
                    self.state = 415
                    self.match(ASN1Parser.DOT)


                self.state = 419
                localctx.name = self.typeReference()
                self.state = 420
                self.actualParameterList()
                pass

            elif la_ == 10:
                localctx = ASN1Parser.ObjectClassFieldTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 10)
                self.state = 422
                self.definedObjectClass()
                self.state = 423
                self.match(ASN1Parser.DOT)
                self.state = 424
                self.fieldName()
                pass

            elif la_ == 11:
                localctx = ASN1Parser.ObjectIdentifierTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 11)
                self.state = 431
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [55]:
                    self.state = 426
                    self.match(ASN1Parser.OBJECT)
                    self.state = 427
                    self.match(ASN1Parser.IDENTIFIER_KW)
                    pass
                elif token in [67]:
                    self.state = 428
                    self.match(ASN1Parser.RELATIVE_OID)
                    pass
                elif token in [59]:
                    self.state = 429
                    self.match(ASN1Parser.OID_IRI)
                    pass
                elif token in [68]:
                    self.state = 430
                    self.match(ASN1Parser.RELATIVE_OID_IRI)
                    pass
                else:
                    raise NoViableAltException(self)

                pass

            elif la_ == 12:
                localctx = ASN1Parser.UnrestrictedCharacterStringTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 12)
                self.state = 433
                self.match(ASN1Parser.CHARACTER)
                self.state = 434
                self.match(ASN1Parser.STRING)
                pass

            elif la_ == 13:
                localctx = ASN1Parser.EmbeddedPdvTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 13)
                self.state = 435
                self.match(ASN1Parser.EMBEDDED)
                self.state = 436
                self.match(ASN1Parser.PDV)
                pass

            elif la_ == 14:
                localctx = ASN1Parser.ExternalTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 14)
                self.state = 437
                self.match(ASN1Parser.EXTERNAL)
                pass

            elif la_ == 15:
                localctx = ASN1Parser.AnyTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 15)
                self.state = 438
                self.match(ASN1Parser.ANY)
                self.state = 442
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==21:
                    self.state = 439
                    self.match(ASN1Parser.DEFINED)
                    self.state = 440
                    self.match(ASN1Parser.BY)
                    self.state = 441
                    self.match(ASN1Parser.IDENTIFIER)


                pass

            elif la_ == 16:
                localctx = ASN1Parser.InstanceOfTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 16)
                self.state = 444
                self.match(ASN1Parser.INSTANCE)
                self.state = 445
                self.match(ASN1Parser.OF)
                self.state = 446
                self.definedObjectClass()
                pass

            elif la_ == 17:
                localctx = ASN1Parser.TimeTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 17)
                self.state = 447
                _la = self._input.LA(1)
                if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 34368913408) != 0) or ((((_la - 78)) & ~0x3f) == 0 and ((1 << (_la - 78)) & 131) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 18:
                localctx = ASN1Parser.ObjectDescriptorTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 18)
                self.state = 448
                self.match(ASN1Parser.ObjectDescriptor)
                pass

            elif la_ == 19:
                localctx = ASN1Parser.ObjectClassDefinitionContext(self, localctx)
                self.enterOuterAlt(localctx, 19)
                self.state = 449
                self.match(ASN1Parser.CLASS)
                self.state = 450
                self.bracedTokens()
                self.state = 454
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==89:
                    self.state = 451
                    self.match(ASN1Parser.WITH)
                    self.state = 452
                    self.match(ASN1Parser.SYNTAX)
                    self.state = 453
                    self.bracedTokens()


                pass

            elif la_ == 20:
                localctx = ASN1Parser.ObjectClassDefinitionContext(self, localctx)
                self.enterOuterAlt(localctx, 20)
                self.state = 456
                _la = self._input.LA(1)
                if not(_la==1 or _la==81):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 21:
                localctx = ASN1Parser.SelectionTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 21)
                self.state = 457
                self.match(ASN1Parser.IDENTIFIER)
                self.state = 458
                self.match(ASN1Parser.LESS)
                self.state = 459
                self.type_()
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class TagContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.tagClass = None # Token

        def LBRACKET(self):
            return self.getToken(ASN1Parser.LBRACKET, 0)

        def tagNumber(self):
            return self.getTypedRuleContext(ASN1Parser.TagNumberContext,0)


        def RBRACKET(self):
            return self.getToken(ASN1Parser.RBRACKET, 0)

        def UNIVERSAL(self):
            return self.getToken(ASN1Parser.UNIVERSAL, 0)

        def APPLICATION(self):
            return self.getToken(ASN1Parser.APPLICATION, 0)

        def PRIVATE(self):
            return self.getToken(ASN1Parser.PRIVATE, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_tag

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTag" ):
                return visitor.visitTag(self)
            else:
                return visitor.visitChildren(self)




    def tag(self):

        localctx = ASN1Parser.TagContext(self, self._ctx, self.state)
        self.enterRule(localctx, 40, self.RULE_tag)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 462
            self.match(ASN1Parser.LBRACKET)
            self.state = 464
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==4 or _la==65 or _la==83:
                self.state = 463
                localctx.tagClass = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==4 or _la==65 or _la==83):
                    localctx.tagClass = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()


            self.state = 466
            self.tagNumber()
            self.state = 467
            self.match(ASN1Parser.RBRACKET)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class TagNumberContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def NUMBER(self):
            return self.getToken(ASN1Parser.NUMBER, 0)

        def definedValue(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedValueContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_tagNumber

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTagNumber" ):
                return visitor.visitTagNumber(self)
            else:
                return visitor.visitChildren(self)




    def tagNumber(self):

        localctx = ASN1Parser.TagNumberContext(self, self._ctx, self.state)
        self.enterRule(localctx, 42, self.RULE_tagNumber)
        try:
            self.state = 471
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [114]:
                self.enterOuterAlt(localctx, 1)
                self.state = 469
                self.match(ASN1Parser.NUMBER)
                pass
            elif token in [111, 112, 113]:
                self.enterOuterAlt(localctx, 2)
                self.state = 470
                self.definedValue()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class NamedNumberContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.name = None # Token

        def LPAREN(self):
            return self.getToken(ASN1Parser.LPAREN, 0)

        def RPAREN(self):
            return self.getToken(ASN1Parser.RPAREN, 0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def signedNumber(self):
            return self.getTypedRuleContext(ASN1Parser.SignedNumberContext,0)


        def definedValue(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedValueContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_namedNumber

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitNamedNumber" ):
                return visitor.visitNamedNumber(self)
            else:
                return visitor.visitChildren(self)




    def namedNumber(self):

        localctx = ASN1Parser.NamedNumberContext(self, self._ctx, self.state)
        self.enterRule(localctx, 44, self.RULE_namedNumber)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 473
            localctx.name = self.match(ASN1Parser.IDENTIFIER)
            self.state = 474
            self.match(ASN1Parser.LPAREN)
            self.state = 477
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [103, 114]:
                self.state = 475
                self.signedNumber()
                pass
            elif token in [111, 112, 113]:
                self.state = 476
                self.definedValue()
                pass
            else:
                raise NoViableAltException(self)

            self.state = 479
            self.match(ASN1Parser.RPAREN)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class EnumerationItemContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_enumerationItem

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class EnumExtensionMarkerContext(EnumerationItemContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.EnumerationItemContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def ELLIPSIS(self):
            return self.getToken(ASN1Parser.ELLIPSIS, 0)
        def exceptionSpec(self):
            return self.getTypedRuleContext(ASN1Parser.ExceptionSpecContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitEnumExtensionMarker" ):
                return visitor.visitEnumExtensionMarker(self)
            else:
                return visitor.visitChildren(self)


    class EnumItemContext(EnumerationItemContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.EnumerationItemContext
            super().__init__(parser)
            self.name = None # Token
            self.copyFrom(ctx)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)
        def LPAREN(self):
            return self.getToken(ASN1Parser.LPAREN, 0)
        def RPAREN(self):
            return self.getToken(ASN1Parser.RPAREN, 0)
        def signedNumber(self):
            return self.getTypedRuleContext(ASN1Parser.SignedNumberContext,0)

        def definedValue(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitEnumItem" ):
                return visitor.visitEnumItem(self)
            else:
                return visitor.visitChildren(self)



    def enumerationItem(self):

        localctx = ASN1Parser.EnumerationItemContext(self, self._ctx, self.state)
        self.enterRule(localctx, 46, self.RULE_enumerationItem)
        self._la = 0 # Token type
        try:
            self.state = 495
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [113]:
                localctx = ASN1Parser.EnumItemContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 481
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 489
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==97:
                    self.state = 482
                    self.match(ASN1Parser.LPAREN)
                    self.state = 485
                    self._errHandler.sync(self)
                    token = self._input.LA(1)
                    if token in [103, 114]:
                        self.state = 483
                        self.signedNumber()
                        pass
                    elif token in [111, 112, 113]:
                        self.state = 484
                        self.definedValue()
                        pass
                    else:
                        raise NoViableAltException(self)

                    self.state = 487
                    self.match(ASN1Parser.RPAREN)


                pass
            elif token in [92]:
                localctx = ASN1Parser.EnumExtensionMarkerContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 491
                self.match(ASN1Parser.ELLIPSIS)
                self.state = 493
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==109:
                    self.state = 492
                    self.exceptionSpec()


                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ComponentItemContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_componentItem

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class ComponentContext(ComponentItemContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ComponentItemContext
            super().__init__(parser)
            self.name = None # Token
            self.copyFrom(ctx)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)
        def OPTIONAL(self):
            return self.getToken(ASN1Parser.OPTIONAL, 0)
        def DEFAULT(self):
            return self.getToken(ASN1Parser.DEFAULT, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitComponent" ):
                return visitor.visitComponent(self)
            else:
                return visitor.visitChildren(self)


    class ExtensionAdditionGroupContext(ComponentItemContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ComponentItemContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def LBRACKET(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.LBRACKET)
            else:
                return self.getToken(ASN1Parser.LBRACKET, i)
        def componentItem(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ComponentItemContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ComponentItemContext,i)

        def RBRACKET(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.RBRACKET)
            else:
                return self.getToken(ASN1Parser.RBRACKET, i)
        def NUMBER(self):
            return self.getToken(ASN1Parser.NUMBER, 0)
        def COLON(self):
            return self.getToken(ASN1Parser.COLON, 0)
        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExtensionAdditionGroup" ):
                return visitor.visitExtensionAdditionGroup(self)
            else:
                return visitor.visitChildren(self)


    class ExtensionMarkerContext(ComponentItemContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ComponentItemContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def ELLIPSIS(self):
            return self.getToken(ASN1Parser.ELLIPSIS, 0)
        def exceptionSpec(self):
            return self.getTypedRuleContext(ASN1Parser.ExceptionSpecContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExtensionMarker" ):
                return visitor.visitExtensionMarker(self)
            else:
                return visitor.visitChildren(self)


    class ComponentsOfContext(ComponentItemContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ComponentItemContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def COMPONENTS(self):
            return self.getToken(ASN1Parser.COMPONENTS, 0)
        def OF(self):
            return self.getToken(ASN1Parser.OF, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitComponentsOf" ):
                return visitor.visitComponentsOf(self)
            else:
                return visitor.visitChildren(self)



    def componentItem(self):

        localctx = ASN1Parser.ComponentItemContext(self, self._ctx, self.state)
        self.enterRule(localctx, 48, self.RULE_componentItem)
        self._la = 0 # Token type
        try:
            self.state = 528
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [113]:
                localctx = ASN1Parser.ComponentContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 497
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 498
                self.type_()
                self.state = 502
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [60]:
                    self.state = 499
                    self.match(ASN1Parser.OPTIONAL)
                    pass
                elif token in [20]:
                    self.state = 500
                    self.match(ASN1Parser.DEFAULT)
                    self.state = 501
                    self.value()
                    pass
                elif token in [91, 96, 100]:
                    pass
                else:
                    pass
                pass
            elif token in [92]:
                localctx = ASN1Parser.ExtensionMarkerContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 504
                self.match(ASN1Parser.ELLIPSIS)
                self.state = 506
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==109:
                    self.state = 505
                    self.exceptionSpec()


                pass
            elif token in [99]:
                localctx = ASN1Parser.ExtensionAdditionGroupContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 508
                self.match(ASN1Parser.LBRACKET)
                self.state = 509
                self.match(ASN1Parser.LBRACKET)
                self.state = 512
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==114:
                    self.state = 510
                    self.match(ASN1Parser.NUMBER)
                    self.state = 511
                    self.match(ASN1Parser.COLON)


                self.state = 514
                self.componentItem()
                self.state = 519
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==91:
                    self.state = 515
                    self.match(ASN1Parser.COMMA)
                    self.state = 516
                    self.componentItem()
                    self.state = 521
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 522
                self.match(ASN1Parser.RBRACKET)
                self.state = 523
                self.match(ASN1Parser.RBRACKET)
                pass
            elif token in [15]:
                localctx = ASN1Parser.ComponentsOfContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 525
                self.match(ASN1Parser.COMPONENTS)
                self.state = 526
                self.match(ASN1Parser.OF)
                self.state = 527
                self.type_()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class DefinedObjectClassContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def typeReference(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.TypeReferenceContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,i)


        def DOT(self):
            return self.getToken(ASN1Parser.DOT, 0)

        def TYPE_IDENTIFIER(self):
            return self.getToken(ASN1Parser.TYPE_IDENTIFIER, 0)

        def ABSTRACT_SYNTAX(self):
            return self.getToken(ASN1Parser.ABSTRACT_SYNTAX, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_definedObjectClass

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitDefinedObjectClass" ):
                return visitor.visitDefinedObjectClass(self)
            else:
                return visitor.visitChildren(self)




    def definedObjectClass(self):

        localctx = ASN1Parser.DefinedObjectClassContext(self, self._ctx, self.state)
        self.enterRule(localctx, 50, self.RULE_definedObjectClass)
        try:
            self.state = 538
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [111, 112]:
                self.enterOuterAlt(localctx, 1)
                self.state = 533
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,60,self._ctx)
                if la_ == 1:
                    self.state = 530
                    self.typeReference()
                    self.state = 531
                    self.match(ASN1Parser.DOT)


                self.state = 535
                self.typeReference()
                pass
            elif token in [81]:
                self.enterOuterAlt(localctx, 2)
                self.state = 536
                self.match(ASN1Parser.TYPE_IDENTIFIER)
                pass
            elif token in [1]:
                self.enterOuterAlt(localctx, 3)
                self.state = 537
                self.match(ASN1Parser.ABSTRACT_SYNTAX)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class FieldNameContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def AMPERSAND(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.AMPERSAND)
            else:
                return self.getToken(ASN1Parser.AMPERSAND, i)

        def typeReference(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.TypeReferenceContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,i)


        def IDENTIFIER(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.IDENTIFIER)
            else:
                return self.getToken(ASN1Parser.IDENTIFIER, i)

        def DOT(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.DOT)
            else:
                return self.getToken(ASN1Parser.DOT, i)

        def getRuleIndex(self):
            return ASN1Parser.RULE_fieldName

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitFieldName" ):
                return visitor.visitFieldName(self)
            else:
                return visitor.visitChildren(self)




    def fieldName(self):

        localctx = ASN1Parser.FieldNameContext(self, self._ctx, self.state)
        self.enterRule(localctx, 52, self.RULE_fieldName)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 540
            self.match(ASN1Parser.AMPERSAND)
            self.state = 543
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [111, 112]:
                self.state = 541
                self.typeReference()
                pass
            elif token in [113]:
                self.state = 542
                self.match(ASN1Parser.IDENTIFIER)
                pass
            else:
                raise NoViableAltException(self)

            self.state = 553
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==94:
                self.state = 545
                self.match(ASN1Parser.DOT)
                self.state = 546
                self.match(ASN1Parser.AMPERSAND)
                self.state = 549
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [111, 112]:
                    self.state = 547
                    self.typeReference()
                    pass
                elif token in [113]:
                    self.state = 548
                    self.match(ASN1Parser.IDENTIFIER)
                    pass
                else:
                    raise NoViableAltException(self)

                self.state = 555
                self._errHandler.sync(self)
                _la = self._input.LA(1)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class TypeReferenceContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def TYPE_REFERENCE(self):
            return self.getToken(ASN1Parser.TYPE_REFERENCE, 0)

        def ALL_CAPS_REFERENCE(self):
            return self.getToken(ASN1Parser.ALL_CAPS_REFERENCE, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_typeReference

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTypeReference" ):
                return visitor.visitTypeReference(self)
            else:
                return visitor.visitChildren(self)




    def typeReference(self):

        localctx = ASN1Parser.TypeReferenceContext(self, self._ctx, self.state)
        self.enterRule(localctx, 54, self.RULE_typeReference)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 556
            _la = self._input.LA(1)
            if not(_la==111 or _la==112):
                self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ConstraintContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LPAREN(self):
            return self.getToken(ASN1Parser.LPAREN, 0)

        def constraintSpec(self):
            return self.getTypedRuleContext(ASN1Parser.ConstraintSpecContext,0)


        def RPAREN(self):
            return self.getToken(ASN1Parser.RPAREN, 0)

        def exceptionSpec(self):
            return self.getTypedRuleContext(ASN1Parser.ExceptionSpecContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_constraint

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitConstraint" ):
                return visitor.visitConstraint(self)
            else:
                return visitor.visitChildren(self)




    def constraint(self):

        localctx = ASN1Parser.ConstraintContext(self, self._ctx, self.state)
        self.enterRule(localctx, 56, self.RULE_constraint)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 558
            self.match(ASN1Parser.LPAREN)
            self.state = 559
            self.constraintSpec()
            self.state = 561
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==109:
                self.state = 560
                self.exceptionSpec()


            self.state = 563
            self.match(ASN1Parser.RPAREN)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ConstraintSpecContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_constraintSpec

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class SubtypeConstraintContext(ConstraintSpecContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ConstraintSpecContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def elementSetSpecs(self):
            return self.getTypedRuleContext(ASN1Parser.ElementSetSpecsContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSubtypeConstraint" ):
                return visitor.visitSubtypeConstraint(self)
            else:
                return visitor.visitChildren(self)


    class UserDefinedConstraintContext(ConstraintSpecContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ConstraintSpecContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CONSTRAINED(self):
            return self.getToken(ASN1Parser.CONSTRAINED, 0)
        def BY(self):
            return self.getToken(ASN1Parser.BY, 0)
        def bracedTokens(self):
            return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitUserDefinedConstraint" ):
                return visitor.visitUserDefinedConstraint(self)
            else:
                return visitor.visitChildren(self)


    class TableConstraintContext(ConstraintSpecContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ConstraintSpecContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def bracedTokens(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.BracedTokensContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,i)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitTableConstraint" ):
                return visitor.visitTableConstraint(self)
            else:
                return visitor.visitChildren(self)


    class ContentsConstraintContext(ConstraintSpecContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ConstraintSpecContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CONTAINING(self):
            return self.getToken(ASN1Parser.CONTAINING, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def ENCODED(self):
            return self.getToken(ASN1Parser.ENCODED, 0)
        def BY(self):
            return self.getToken(ASN1Parser.BY, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitContentsConstraint" ):
                return visitor.visitContentsConstraint(self)
            else:
                return visitor.visitChildren(self)



    def constraintSpec(self):

        localctx = ASN1Parser.ConstraintSpecContext(self, self._ctx, self.state)
        self.enterRule(localctx, 58, self.RULE_constraintSpec)
        self._la = 0 # Token type
        try:
            self.state = 584
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,68,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.SubtypeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 565
                self.elementSetSpecs()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.UserDefinedConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 566
                self.match(ASN1Parser.CONSTRAINED)
                self.state = 567
                self.match(ASN1Parser.BY)
                self.state = 568
                self.bracedTokens()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.ContentsConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 579
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [17]:
                    self.state = 569
                    self.match(ASN1Parser.CONTAINING)
                    self.state = 570
                    self.type_()
                    self.state = 574
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    if _la==25:
                        self.state = 571
                        self.match(ASN1Parser.ENCODED)
                        self.state = 572
                        self.match(ASN1Parser.BY)
                        self.state = 573
                        self.value()


                    pass
                elif token in [25]:
                    self.state = 576
                    self.match(ASN1Parser.ENCODED)
                    self.state = 577
                    self.match(ASN1Parser.BY)
                    self.state = 578
                    self.value()
                    pass
                else:
                    raise NoViableAltException(self)

                pass

            elif la_ == 4:
                localctx = ASN1Parser.TableConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 581
                self.bracedTokens()
                self.state = 582
                self.bracedTokens()
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ElementSetSpecsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.root = None # ElementSetSpecContext
            self.extensionMark = None # Token
            self.additions = None # ElementSetSpecContext

        def elementSetSpec(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ElementSetSpecContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ElementSetSpecContext,i)


        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def ELLIPSIS(self):
            return self.getToken(ASN1Parser.ELLIPSIS, 0)

        def exceptionSpec(self):
            return self.getTypedRuleContext(ASN1Parser.ExceptionSpecContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_elementSetSpecs

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitElementSetSpecs" ):
                return visitor.visitElementSetSpecs(self)
            else:
                return visitor.visitChildren(self)




    def elementSetSpecs(self):

        localctx = ASN1Parser.ElementSetSpecsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 60, self.RULE_elementSetSpecs)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 586
            localctx.root = self.elementSetSpec()
            self.state = 596
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==91:
                self.state = 587
                self.match(ASN1Parser.COMMA)
                self.state = 588
                localctx.extensionMark = self.match(ASN1Parser.ELLIPSIS)
                self.state = 590
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,69,self._ctx)
                if la_ == 1:
                    self.state = 589
                    self.exceptionSpec()


                self.state = 594
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==91:
                    self.state = 592
                    self.match(ASN1Parser.COMMA)
                    self.state = 593
                    localctx.additions = self.elementSetSpec()




        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ElementSetSpecContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def intersections(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.IntersectionsContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.IntersectionsContext,i)


        def BAR(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.BAR)
            else:
                return self.getToken(ASN1Parser.BAR, i)

        def UNION(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.UNION)
            else:
                return self.getToken(ASN1Parser.UNION, i)

        def ALL(self):
            return self.getToken(ASN1Parser.ALL, 0)

        def EXCEPT(self):
            return self.getToken(ASN1Parser.EXCEPT, 0)

        def elements(self):
            return self.getTypedRuleContext(ASN1Parser.ElementsContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_elementSetSpec

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitElementSetSpec" ):
                return visitor.visitElementSetSpec(self)
            else:
                return visitor.visitChildren(self)




    def elementSetSpec(self):

        localctx = ASN1Parser.ElementSetSpecContext(self, self._ctx, self.state)
        self.enterRule(localctx, 62, self.RULE_elementSetSpec)
        self._la = 0 # Token type
        try:
            self.state = 609
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [1, 3, 7, 8, 9, 11, 12, 13, 17, 18, 19, 23, 24, 27, 32, 33, 34, 35, 36, 37, 38, 43, 44, 45, 47, 49, 50, 51, 52, 53, 54, 55, 56, 57, 59, 61, 63, 64, 66, 67, 68, 69, 70, 71, 72, 75, 77, 78, 79, 80, 81, 84, 85, 86, 87, 88, 89, 95, 97, 99, 103, 111, 112, 113, 114, 115, 116, 117, 118, 119]:
                self.enterOuterAlt(localctx, 1)
                self.state = 598
                self.intersections()
                self.state = 603
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==82 or _la==104:
                    self.state = 599
                    _la = self._input.LA(1)
                    if not(_la==82 or _la==104):
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()
                    self.state = 600
                    self.intersections()
                    self.state = 605
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                pass
            elif token in [2]:
                self.enterOuterAlt(localctx, 2)
                self.state = 606
                self.match(ASN1Parser.ALL)
                self.state = 607
                self.match(ASN1Parser.EXCEPT)
                self.state = 608
                self.elements()
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class IntersectionsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def intersectionElements(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.IntersectionElementsContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.IntersectionElementsContext,i)


        def CARET(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.CARET)
            else:
                return self.getToken(ASN1Parser.CARET, i)

        def INTERSECTION(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.INTERSECTION)
            else:
                return self.getToken(ASN1Parser.INTERSECTION, i)

        def getRuleIndex(self):
            return ASN1Parser.RULE_intersections

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitIntersections" ):
                return visitor.visitIntersections(self)
            else:
                return visitor.visitChildren(self)




    def intersections(self):

        localctx = ASN1Parser.IntersectionsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 64, self.RULE_intersections)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 611
            self.intersectionElements()
            self.state = 616
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==46 or _la==105:
                self.state = 612
                _la = self._input.LA(1)
                if not(_la==46 or _la==105):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 613
                self.intersectionElements()
                self.state = 618
                self._errHandler.sync(self)
                _la = self._input.LA(1)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class IntersectionElementsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.excluded = None # ElementsContext

        def elements(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ElementsContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ElementsContext,i)


        def EXCEPT(self):
            return self.getToken(ASN1Parser.EXCEPT, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_intersectionElements

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitIntersectionElements" ):
                return visitor.visitIntersectionElements(self)
            else:
                return visitor.visitChildren(self)




    def intersectionElements(self):

        localctx = ASN1Parser.IntersectionElementsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 66, self.RULE_intersectionElements)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 619
            self.elements()
            self.state = 622
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==28:
                self.state = 620
                self.match(ASN1Parser.EXCEPT)
                self.state = 621
                localctx.excluded = self.elements()


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ElementsContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_elements

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class PatternConstraintContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def PATTERN(self):
            return self.getToken(ASN1Parser.PATTERN, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitPatternConstraint" ):
                return visitor.visitPatternConstraint(self)
            else:
                return visitor.visitChildren(self)


    class ParenthesizedElementSetContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def LPAREN(self):
            return self.getToken(ASN1Parser.LPAREN, 0)
        def elementSetSpec(self):
            return self.getTypedRuleContext(ASN1Parser.ElementSetSpecContext,0)

        def RPAREN(self):
            return self.getToken(ASN1Parser.RPAREN, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitParenthesizedElementSet" ):
                return visitor.visitParenthesizedElementSet(self)
            else:
                return visitor.visitChildren(self)


    class SizeConstraintContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def SIZE(self):
            return self.getToken(ASN1Parser.SIZE, 0)
        def constraint(self):
            return self.getTypedRuleContext(ASN1Parser.ConstraintContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSizeConstraint" ):
                return visitor.visitSizeConstraint(self)
            else:
                return visitor.visitChildren(self)


    class ValueRangeContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.lower = None # RangeEndpointContext
            self.lowerOpen = None # Token
            self.upperOpen = None # Token
            self.upper = None # RangeEndpointContext
            self.copyFrom(ctx)

        def RANGE(self):
            return self.getToken(ASN1Parser.RANGE, 0)
        def rangeEndpoint(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.RangeEndpointContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.RangeEndpointContext,i)

        def LESS(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.LESS)
            else:
                return self.getToken(ASN1Parser.LESS, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitValueRange" ):
                return visitor.visitValueRange(self)
            else:
                return visitor.visitChildren(self)


    class PropertySettingsContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def SETTINGS(self):
            return self.getToken(ASN1Parser.SETTINGS, 0)
        def CSTRING(self):
            return self.getToken(ASN1Parser.CSTRING, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitPropertySettings" ):
                return visitor.visitPropertySettings(self)
            else:
                return visitor.visitChildren(self)


    class ContainedSubtypeContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

        def INCLUDES(self):
            return self.getToken(ASN1Parser.INCLUDES, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitContainedSubtype" ):
                return visitor.visitContainedSubtype(self)
            else:
                return visitor.visitChildren(self)


    class SingleValueContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSingleValue" ):
                return visitor.visitSingleValue(self)
            else:
                return visitor.visitChildren(self)


    class PermittedAlphabetContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def FROM(self):
            return self.getToken(ASN1Parser.FROM, 0)
        def constraint(self):
            return self.getTypedRuleContext(ASN1Parser.ConstraintContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitPermittedAlphabet" ):
                return visitor.visitPermittedAlphabet(self)
            else:
                return visitor.visitChildren(self)


    class InnerTypeConstraintContext(ElementsContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ElementsContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def WITH(self):
            return self.getToken(ASN1Parser.WITH, 0)
        def COMPONENT(self):
            return self.getToken(ASN1Parser.COMPONENT, 0)
        def constraint(self):
            return self.getTypedRuleContext(ASN1Parser.ConstraintContext,0)

        def COMPONENTS(self):
            return self.getToken(ASN1Parser.COMPONENTS, 0)
        def bracedTokens(self):
            return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitInnerTypeConstraint" ):
                return visitor.visitInnerTypeConstraint(self)
            else:
                return visitor.visitChildren(self)



    def elements(self):

        localctx = ASN1Parser.ElementsContext(self, self._ctx, self.state)
        self.enterRule(localctx, 68, self.RULE_elements)
        self._la = 0 # Token type
        try:
            self.state = 657
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,79,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.SingleValueContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 624
                self.value()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.ValueRangeContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 625
                localctx.lower = self.rangeEndpoint()
                self.state = 627
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==106:
                    self.state = 626
                    localctx.lowerOpen = self.match(ASN1Parser.LESS)


                self.state = 629
                self.match(ASN1Parser.RANGE)
                self.state = 631
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==106:
                    self.state = 630
                    localctx.upperOpen = self.match(ASN1Parser.LESS)


                self.state = 633
                localctx.upper = self.rangeEndpoint()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.SizeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 635
                self.match(ASN1Parser.SIZE)
                self.state = 636
                self.constraint()
                pass

            elif la_ == 4:
                localctx = ASN1Parser.PermittedAlphabetContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 637
                self.match(ASN1Parser.FROM)
                self.state = 638
                self.constraint()
                pass

            elif la_ == 5:
                localctx = ASN1Parser.ParenthesizedElementSetContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 639
                self.match(ASN1Parser.LPAREN)
                self.state = 640
                self.elementSetSpec()
                self.state = 641
                self.match(ASN1Parser.RPAREN)
                pass

            elif la_ == 6:
                localctx = ASN1Parser.ContainedSubtypeContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 644
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==43:
                    self.state = 643
                    self.match(ASN1Parser.INCLUDES)


                self.state = 646
                self.type_()
                pass

            elif la_ == 7:
                localctx = ASN1Parser.InnerTypeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 647
                self.match(ASN1Parser.WITH)
                self.state = 648
                self.match(ASN1Parser.COMPONENT)
                self.state = 649
                self.constraint()
                pass

            elif la_ == 8:
                localctx = ASN1Parser.InnerTypeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 650
                self.match(ASN1Parser.WITH)
                self.state = 651
                self.match(ASN1Parser.COMPONENTS)
                self.state = 652
                self.bracedTokens()
                pass

            elif la_ == 9:
                localctx = ASN1Parser.PatternConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 653
                self.match(ASN1Parser.PATTERN)
                self.state = 654
                self.value()
                pass

            elif la_ == 10:
                localctx = ASN1Parser.PropertySettingsContext(self, localctx)
                self.enterOuterAlt(localctx, 10)
                self.state = 655
                self.match(ASN1Parser.SETTINGS)
                self.state = 656
                self.match(ASN1Parser.CSTRING)
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class RangeEndpointContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def MIN(self):
            return self.getToken(ASN1Parser.MIN, 0)

        def MAX(self):
            return self.getToken(ASN1Parser.MAX, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_rangeEndpoint

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitRangeEndpoint" ):
                return visitor.visitRangeEndpoint(self)
            else:
                return visitor.visitChildren(self)




    def rangeEndpoint(self):

        localctx = ASN1Parser.RangeEndpointContext(self, self._ctx, self.state)
        self.enterRule(localctx, 70, self.RULE_rangeEndpoint)
        try:
            self.state = 662
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [17, 33, 51, 52, 53, 63, 80, 95, 103, 111, 112, 113, 114, 115, 116, 117, 118, 119]:
                self.enterOuterAlt(localctx, 1)
                self.state = 659
                self.value()
                pass
            elif token in [50]:
                self.enterOuterAlt(localctx, 2)
                self.state = 660
                self.match(ASN1Parser.MIN)
                pass
            elif token in [49]:
                self.enterOuterAlt(localctx, 3)
                self.state = 661
                self.match(ASN1Parser.MAX)
                pass
            else:
                raise NoViableAltException(self)

        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ExceptionSpecContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def EXCLAMATION(self):
            return self.getToken(ASN1Parser.EXCLAMATION, 0)

        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)


        def COLON(self):
            return self.getToken(ASN1Parser.COLON, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_exceptionSpec

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitExceptionSpec" ):
                return visitor.visitExceptionSpec(self)
            else:
                return visitor.visitChildren(self)




    def exceptionSpec(self):

        localctx = ASN1Parser.ExceptionSpecContext(self, self._ctx, self.state)
        self.enterRule(localctx, 72, self.RULE_exceptionSpec)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 664
            self.match(ASN1Parser.EXCLAMATION)
            self.state = 668
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,81,self._ctx)
            if la_ == 1:
                self.state = 665
                self.type_()
                self.state = 666
                self.match(ASN1Parser.COLON)


            self.state = 670
            self.value()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class ValueContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser


        def getRuleIndex(self):
            return ASN1Parser.RULE_value

     
        def copyFrom(self, ctx:ParserRuleContext):
            super().copyFrom(ctx)



    class IntValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def signedNumber(self):
            return self.getTypedRuleContext(ASN1Parser.SignedNumberContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitIntValue" ):
                return visitor.visitIntValue(self)
            else:
                return visitor.visitChildren(self)


    class BracedValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def bracedTokens(self):
            return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitBracedValue" ):
                return visitor.visitBracedValue(self)
            else:
                return visitor.visitChildren(self)


    class ChoiceValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)
        def COLON(self):
            return self.getToken(ASN1Parser.COLON, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitChoiceValue" ):
                return visitor.visitChoiceValue(self)
            else:
                return visitor.visitChildren(self)


    class BitsValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def BSTRING(self):
            return self.getToken(ASN1Parser.BSTRING, 0)
        def HSTRING(self):
            return self.getToken(ASN1Parser.HSTRING, 0)
        def QUOTED_WITHOUT_RADIX(self):
            return self.getToken(ASN1Parser.QUOTED_WITHOUT_RADIX, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitBitsValue" ):
                return visitor.visitBitsValue(self)
            else:
                return visitor.visitChildren(self)


    class NullValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def NULL(self):
            return self.getToken(ASN1Parser.NULL, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitNullValue" ):
                return visitor.visitNullValue(self)
            else:
                return visitor.visitChildren(self)


    class ValueRefContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def definedValue(self):
            return self.getTypedRuleContext(ASN1Parser.DefinedValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitValueRef" ):
                return visitor.visitValueRef(self)
            else:
                return visitor.visitChildren(self)


    class RealValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def REAL_NUMBER(self):
            return self.getToken(ASN1Parser.REAL_NUMBER, 0)
        def MINUS(self):
            return self.getToken(ASN1Parser.MINUS, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitRealValue" ):
                return visitor.visitRealValue(self)
            else:
                return visitor.visitChildren(self)


    class StringValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CSTRING(self):
            return self.getToken(ASN1Parser.CSTRING, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitStringValue" ):
                return visitor.visitStringValue(self)
            else:
                return visitor.visitChildren(self)


    class EmptyBracedValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitEmptyBracedValue" ):
                return visitor.visitEmptyBracedValue(self)
            else:
                return visitor.visitChildren(self)


    class ValueListContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def value(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.ValueContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.ValueContext,i)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)
        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitValueList" ):
                return visitor.visitValueList(self)
            else:
                return visitor.visitChildren(self)


    class ContainingValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def CONTAINING(self):
            return self.getToken(ASN1Parser.CONTAINING, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitContainingValue" ):
                return visitor.visitContainingValue(self)
            else:
                return visitor.visitChildren(self)


    class BoolValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def TRUE(self):
            return self.getToken(ASN1Parser.TRUE, 0)
        def FALSE(self):
            return self.getToken(ASN1Parser.FALSE, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitBoolValue" ):
                return visitor.visitBoolValue(self)
            else:
                return visitor.visitChildren(self)


    class NamedValueListContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def LBRACE(self):
            return self.getToken(ASN1Parser.LBRACE, 0)
        def namedValue(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.NamedValueContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.NamedValueContext,i)

        def RBRACE(self):
            return self.getToken(ASN1Parser.RBRACE, 0)
        def COMMA(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.COMMA)
            else:
                return self.getToken(ASN1Parser.COMMA, i)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitNamedValueList" ):
                return visitor.visitNamedValueList(self)
            else:
                return visitor.visitChildren(self)


    class OpenTypeValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)

        def COLON(self):
            return self.getToken(ASN1Parser.COLON, 0)
        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitOpenTypeValue" ):
                return visitor.visitOpenTypeValue(self)
            else:
                return visitor.visitChildren(self)


    class SpecialRealValueContext(ValueContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.ValueContext
            super().__init__(parser)
            self.copyFrom(ctx)

        def PLUS_INFINITY(self):
            return self.getToken(ASN1Parser.PLUS_INFINITY, 0)
        def MINUS_INFINITY(self):
            return self.getToken(ASN1Parser.MINUS_INFINITY, 0)
        def NOT_A_NUMBER(self):
            return self.getToken(ASN1Parser.NOT_A_NUMBER, 0)

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSpecialRealValue" ):
                return visitor.visitSpecialRealValue(self)
            else:
                return visitor.visitChildren(self)



    def value(self):

        localctx = ASN1Parser.ValueContext(self, self._ctx, self.state)
        self.enterRule(localctx, 74, self.RULE_value)
        self._la = 0 # Token type
        try:
            self.state = 717
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,85,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.IntValueContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 672
                self.signedNumber()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.RealValueContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 674
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==103:
                    self.state = 673
                    self.match(ASN1Parser.MINUS)


                self.state = 676
                self.match(ASN1Parser.REAL_NUMBER)
                pass

            elif la_ == 3:
                localctx = ASN1Parser.SpecialRealValueContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 677
                _la = self._input.LA(1)
                if not((((_la) & ~0x3f) == 0 and ((1 << _la) & -9216616637413720064) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 4:
                localctx = ASN1Parser.BoolValueContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 678
                _la = self._input.LA(1)
                if not(_la==33 or _la==80):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 5:
                localctx = ASN1Parser.NullValueContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 679
                self.match(ASN1Parser.NULL)
                pass

            elif la_ == 6:
                localctx = ASN1Parser.StringValueContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 680
                self.match(ASN1Parser.CSTRING)
                pass

            elif la_ == 7:
                localctx = ASN1Parser.BitsValueContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 681
                _la = self._input.LA(1)
                if not(((((_la - 117)) & ~0x3f) == 0 and ((1 << (_la - 117)) & 7) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 8:
                localctx = ASN1Parser.ValueRefContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 682
                self.definedValue()
                pass

            elif la_ == 9:
                localctx = ASN1Parser.ChoiceValueContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 683
                self.match(ASN1Parser.IDENTIFIER)
                self.state = 684
                self.match(ASN1Parser.COLON)
                self.state = 685
                self.value()
                pass

            elif la_ == 10:
                localctx = ASN1Parser.EmptyBracedValueContext(self, localctx)
                self.enterOuterAlt(localctx, 10)
                self.state = 686
                self.match(ASN1Parser.LBRACE)
                self.state = 687
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 11:
                localctx = ASN1Parser.NamedValueListContext(self, localctx)
                self.enterOuterAlt(localctx, 11)
                self.state = 688
                self.match(ASN1Parser.LBRACE)
                self.state = 689
                self.namedValue()
                self.state = 694
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==91:
                    self.state = 690
                    self.match(ASN1Parser.COMMA)
                    self.state = 691
                    self.namedValue()
                    self.state = 696
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 697
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 12:
                localctx = ASN1Parser.ValueListContext(self, localctx)
                self.enterOuterAlt(localctx, 12)
                self.state = 699
                self.match(ASN1Parser.LBRACE)
                self.state = 700
                self.value()
                self.state = 705
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==91:
                    self.state = 701
                    self.match(ASN1Parser.COMMA)
                    self.state = 702
                    self.value()
                    self.state = 707
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 708
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 13:
                localctx = ASN1Parser.BracedValueContext(self, localctx)
                self.enterOuterAlt(localctx, 13)
                self.state = 710
                self.bracedTokens()
                pass

            elif la_ == 14:
                localctx = ASN1Parser.OpenTypeValueContext(self, localctx)
                self.enterOuterAlt(localctx, 14)
                self.state = 711
                self.typeReference()
                self.state = 712
                self.match(ASN1Parser.COLON)
                self.state = 713
                self.value()
                pass

            elif la_ == 15:
                localctx = ASN1Parser.ContainingValueContext(self, localctx)
                self.enterOuterAlt(localctx, 15)
                self.state = 715
                self.match(ASN1Parser.CONTAINING)
                self.state = 716
                self.value()
                pass


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class NamedValueContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.name = None # Token

        def value(self):
            return self.getTypedRuleContext(ASN1Parser.ValueContext,0)


        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_namedValue

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitNamedValue" ):
                return visitor.visitNamedValue(self)
            else:
                return visitor.visitChildren(self)




    def namedValue(self):

        localctx = ASN1Parser.NamedValueContext(self, self._ctx, self.state)
        self.enterRule(localctx, 76, self.RULE_namedValue)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 719
            localctx.name = self.match(ASN1Parser.IDENTIFIER)
            self.state = 720
            self.value()
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class SignedNumberContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def NUMBER(self):
            return self.getToken(ASN1Parser.NUMBER, 0)

        def MINUS(self):
            return self.getToken(ASN1Parser.MINUS, 0)

        def getRuleIndex(self):
            return ASN1Parser.RULE_signedNumber

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitSignedNumber" ):
                return visitor.visitSignedNumber(self)
            else:
                return visitor.visitChildren(self)




    def signedNumber(self):

        localctx = ASN1Parser.SignedNumberContext(self, self._ctx, self.state)
        self.enterRule(localctx, 78, self.RULE_signedNumber)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 723
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==103:
                self.state = 722
                self.match(ASN1Parser.MINUS)


            self.state = 725
            self.match(ASN1Parser.NUMBER)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class DefinedValueContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser
            self.module = None # TypeReferenceContext
            self.name = None # Token

        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def DOT(self):
            return self.getToken(ASN1Parser.DOT, 0)

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def getRuleIndex(self):
            return ASN1Parser.RULE_definedValue

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitDefinedValue" ):
                return visitor.visitDefinedValue(self)
            else:
                return visitor.visitChildren(self)




    def definedValue(self):

        localctx = ASN1Parser.DefinedValueContext(self, self._ctx, self.state)
        self.enterRule(localctx, 80, self.RULE_definedValue)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 730
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==111 or _la==112:
                self.state = 727
                localctx.module = self.typeReference()
                self.state = 728
                self.match(ASN1Parser.DOT)


            self.state = 732
            localctx.name = self.match(ASN1Parser.IDENTIFIER)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class BracedTokensContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

        def LBRACE(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.LBRACE)
            else:
                return self.getToken(ASN1Parser.LBRACE, i)

        def RBRACE(self, i:int=None):
            if i is None:
                return self.getTokens(ASN1Parser.RBRACE)
            else:
                return self.getToken(ASN1Parser.RBRACE, i)

        def bracedTokens(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.BracedTokensContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,i)


        def getRuleIndex(self):
            return ASN1Parser.RULE_bracedTokens

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitBracedTokens" ):
                return visitor.visitBracedTokens(self)
            else:
                return visitor.visitChildren(self)




    def bracedTokens(self):

        localctx = ASN1Parser.BracedTokensContext(self, self._ctx, self.state)
        self.enterRule(localctx, 82, self.RULE_bracedTokens)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 734
            self.match(ASN1Parser.LBRACE)
            self.state = 739
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while (((_la) & ~0x3f) == 0 and ((1 << _la) & -2) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 576460748008456191) != 0):
                self.state = 737
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [95]:
                    self.state = 735
                    self.bracedTokens()
                    pass
                elif token in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122]:
                    self.state = 736
                    _la = self._input.LA(1)
                    if _la <= 0 or _la==95 or _la==96:
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()
                    pass
                else:
                    raise NoViableAltException(self)

                self.state = 741
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 742
            self.match(ASN1Parser.RBRACE)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx





