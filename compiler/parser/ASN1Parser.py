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
        4,1,124,680,2,0,7,0,2,1,7,1,2,2,7,2,2,3,7,3,2,4,7,4,2,5,7,5,2,6,
        7,6,2,7,7,7,2,8,7,8,2,9,7,9,2,10,7,10,2,11,7,11,2,12,7,12,2,13,7,
        13,2,14,7,14,2,15,7,15,2,16,7,16,2,17,7,17,2,18,7,18,2,19,7,19,2,
        20,7,20,2,21,7,21,2,22,7,22,2,23,7,23,2,24,7,24,2,25,7,25,2,26,7,
        26,2,27,7,27,2,28,7,28,2,29,7,29,2,30,7,30,2,31,7,31,2,32,7,32,2,
        33,7,33,2,34,7,34,2,35,7,35,2,36,7,36,2,37,7,37,1,0,5,0,78,8,0,10,
        0,12,0,81,9,0,1,0,1,0,1,1,1,1,3,1,87,8,1,1,1,1,1,3,1,91,8,1,1,1,
        3,1,94,8,1,1,1,1,1,1,1,3,1,99,8,1,1,1,3,1,102,8,1,1,1,5,1,105,8,
        1,10,1,12,1,108,9,1,1,1,1,1,1,2,1,2,1,2,1,3,1,3,1,3,1,4,1,4,4,4,
        120,8,4,11,4,12,4,121,1,4,1,4,1,5,1,5,1,5,1,5,1,5,3,5,131,8,5,1,
        5,3,5,134,8,5,1,5,1,5,1,5,1,5,3,5,140,8,5,1,6,1,6,1,6,1,6,1,6,1,
        6,1,6,5,6,149,8,6,10,6,12,6,152,9,6,3,6,154,8,6,1,6,3,6,157,8,6,
        1,7,1,7,5,7,161,8,7,10,7,12,7,164,9,7,1,7,1,7,1,8,1,8,1,8,5,8,171,
        8,8,10,8,12,8,174,9,8,1,8,1,8,1,8,3,8,179,8,8,1,8,1,8,3,8,183,8,
        8,1,9,1,9,3,9,187,8,9,1,10,1,10,1,10,3,10,192,8,10,1,10,1,10,3,10,
        196,8,10,1,11,1,11,1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,
        1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,
        1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,1,12,
        1,12,5,12,236,8,12,10,12,12,12,239,9,12,1,12,1,12,1,12,1,12,1,12,
        1,12,1,12,5,12,248,8,12,10,12,12,12,251,9,12,1,12,1,12,1,12,1,12,
        5,12,257,8,12,10,12,12,12,260,9,12,1,12,1,12,1,12,3,12,265,8,12,
        1,13,1,13,1,14,1,14,1,15,1,15,3,15,273,8,15,1,15,1,15,1,15,1,15,
        1,15,1,15,3,15,281,8,15,1,15,1,15,3,15,285,8,15,1,15,1,15,1,15,5,
        15,290,8,15,10,15,12,15,293,9,15,3,15,295,8,15,1,16,1,16,1,16,1,
        16,1,16,3,16,302,8,16,1,16,1,16,1,16,1,16,1,16,5,16,309,8,16,10,
        16,12,16,312,9,16,1,16,1,16,3,16,316,8,16,1,16,1,16,1,16,1,16,1,
        16,5,16,323,8,16,10,16,12,16,326,9,16,1,16,1,16,1,16,1,16,1,16,1,
        16,1,16,1,16,5,16,336,8,16,10,16,12,16,339,9,16,1,16,1,16,3,16,343,
        8,16,1,16,1,16,1,16,1,16,1,16,1,16,5,16,351,8,16,10,16,12,16,354,
        9,16,3,16,356,8,16,1,16,1,16,1,16,1,16,1,16,1,16,5,16,364,8,16,10,
        16,12,16,367,9,16,1,16,1,16,1,16,1,16,1,16,3,16,374,8,16,1,16,1,
        16,1,16,1,16,3,16,380,8,16,1,16,1,16,1,16,1,16,1,16,1,16,1,16,1,
        16,1,16,1,16,1,16,1,16,3,16,394,8,16,1,16,1,16,1,16,1,16,1,16,1,
        16,1,16,1,16,1,16,3,16,405,8,16,1,16,1,16,1,16,1,16,1,16,1,16,1,
        16,1,16,1,16,1,16,3,16,417,8,16,1,16,1,16,1,16,1,16,3,16,423,8,16,
        1,17,1,17,3,17,427,8,17,1,17,1,17,1,17,1,18,1,18,3,18,434,8,18,1,
        19,1,19,1,19,1,19,3,19,440,8,19,1,19,1,19,1,20,1,20,1,20,1,20,3,
        20,448,8,20,1,20,1,20,3,20,452,8,20,1,20,1,20,3,20,456,8,20,3,20,
        458,8,20,1,21,1,21,1,21,1,21,1,21,3,21,465,8,21,1,21,1,21,3,21,469,
        8,21,1,21,1,21,1,21,1,21,3,21,475,8,21,1,21,1,21,1,21,5,21,480,8,
        21,10,21,12,21,483,9,21,1,21,1,21,1,21,1,21,1,21,1,21,3,21,491,8,
        21,1,22,1,22,1,22,3,22,496,8,22,1,22,1,22,1,22,3,22,501,8,22,1,23,
        1,23,1,23,3,23,506,8,23,1,23,1,23,1,23,1,23,3,23,512,8,23,5,23,514,
        8,23,10,23,12,23,517,9,23,1,24,1,24,1,25,1,25,1,25,3,25,524,8,25,
        1,25,1,25,1,26,1,26,1,26,1,26,1,26,1,26,1,26,1,26,1,26,3,26,537,
        8,26,1,26,1,26,1,26,3,26,542,8,26,1,26,1,26,1,26,3,26,547,8,26,1,
        27,1,27,1,27,1,27,3,27,553,8,27,1,27,1,27,3,27,557,8,27,3,27,559,
        8,27,1,28,1,28,1,28,5,28,564,8,28,10,28,12,28,567,9,28,1,28,1,28,
        1,28,3,28,572,8,28,1,29,1,29,1,29,5,29,577,8,29,10,29,12,29,580,
        9,29,1,30,1,30,1,30,3,30,585,8,30,1,31,1,31,1,31,3,31,590,8,31,1,
        31,1,31,3,31,594,8,31,1,31,1,31,1,31,1,31,1,31,1,31,1,31,1,31,1,
        31,1,31,1,31,3,31,607,8,31,1,31,1,31,1,31,1,31,1,31,1,31,1,31,1,
        31,1,31,1,31,1,31,3,31,620,8,31,1,32,1,32,1,32,3,32,625,8,32,1,33,
        1,33,1,33,1,33,3,33,631,8,33,1,33,1,33,1,34,1,34,3,34,637,8,34,1,
        34,1,34,1,34,1,34,1,34,1,34,1,34,1,34,1,34,1,34,1,34,1,34,1,34,1,
        34,1,34,1,34,1,34,3,34,656,8,34,1,35,3,35,659,8,35,1,35,1,35,1,36,
        1,36,1,36,3,36,666,8,36,1,36,1,36,1,37,1,37,1,37,5,37,673,8,37,10,
        37,12,37,676,9,37,1,37,1,37,1,37,0,0,38,0,2,4,6,8,10,12,14,16,18,
        20,22,24,26,28,30,32,34,36,38,40,42,44,46,48,50,52,54,56,58,60,62,
        64,66,68,70,72,74,0,18,3,0,5,5,30,30,41,41,2,0,23,23,75,75,9,0,8,
        8,37,39,48,48,55,55,65,65,77,77,79,79,86,86,88,90,1,0,27,27,2,0,
        76,76,113,113,3,0,6,6,27,27,92,92,2,0,30,30,41,41,1,0,70,71,5,0,
        18,19,24,24,36,36,80,81,87,87,2,0,1,1,83,83,3,0,4,4,66,66,85,85,
        1,0,113,114,2,0,84,84,106,106,2,0,47,47,107,107,2,0,52,53,64,64,
        2,0,34,34,82,82,1,0,119,121,1,0,97,98,785,0,79,1,0,0,0,2,84,1,0,
        0,0,4,111,1,0,0,0,6,114,1,0,0,0,8,117,1,0,0,0,10,139,1,0,0,0,12,
        156,1,0,0,0,14,158,1,0,0,0,16,167,1,0,0,0,18,186,1,0,0,0,20,191,
        1,0,0,0,22,197,1,0,0,0,24,264,1,0,0,0,26,266,1,0,0,0,28,268,1,0,
        0,0,30,294,1,0,0,0,32,422,1,0,0,0,34,424,1,0,0,0,36,433,1,0,0,0,
        38,435,1,0,0,0,40,457,1,0,0,0,42,490,1,0,0,0,44,500,1,0,0,0,46,502,
        1,0,0,0,48,518,1,0,0,0,50,520,1,0,0,0,52,546,1,0,0,0,54,548,1,0,
        0,0,56,571,1,0,0,0,58,573,1,0,0,0,60,581,1,0,0,0,62,619,1,0,0,0,
        64,624,1,0,0,0,66,626,1,0,0,0,68,655,1,0,0,0,70,658,1,0,0,0,72,665,
        1,0,0,0,74,669,1,0,0,0,76,78,3,2,1,0,77,76,1,0,0,0,78,81,1,0,0,0,
        79,77,1,0,0,0,79,80,1,0,0,0,80,82,1,0,0,0,81,79,1,0,0,0,82,83,5,
        0,0,1,83,1,1,0,0,0,84,86,3,48,24,0,85,87,3,8,4,0,86,85,1,0,0,0,86,
        87,1,0,0,0,87,88,1,0,0,0,88,90,5,22,0,0,89,91,3,4,2,0,90,89,1,0,
        0,0,90,91,1,0,0,0,91,93,1,0,0,0,92,94,3,6,3,0,93,92,1,0,0,0,93,94,
        1,0,0,0,94,95,1,0,0,0,95,96,5,92,0,0,96,98,5,6,0,0,97,99,3,12,6,
        0,98,97,1,0,0,0,98,99,1,0,0,0,99,101,1,0,0,0,100,102,3,14,7,0,101,
        100,1,0,0,0,101,102,1,0,0,0,102,106,1,0,0,0,103,105,3,24,12,0,104,
        103,1,0,0,0,105,108,1,0,0,0,106,104,1,0,0,0,106,107,1,0,0,0,107,
        109,1,0,0,0,108,106,1,0,0,0,109,110,5,27,0,0,110,3,1,0,0,0,111,112,
        7,0,0,0,112,113,5,78,0,0,113,5,1,0,0,0,114,115,5,32,0,0,115,116,
        5,42,0,0,116,7,1,0,0,0,117,119,5,97,0,0,118,120,3,10,5,0,119,118,
        1,0,0,0,120,121,1,0,0,0,121,119,1,0,0,0,121,122,1,0,0,0,122,123,
        1,0,0,0,123,124,5,98,0,0,124,9,1,0,0,0,125,140,5,116,0,0,126,133,
        5,115,0,0,127,130,5,99,0,0,128,131,5,116,0,0,129,131,3,72,36,0,130,
        128,1,0,0,0,130,129,1,0,0,0,131,132,1,0,0,0,132,134,5,100,0,0,133,
        127,1,0,0,0,133,134,1,0,0,0,134,140,1,0,0,0,135,136,3,48,24,0,136,
        137,5,96,0,0,137,138,5,115,0,0,138,140,1,0,0,0,139,125,1,0,0,0,139,
        126,1,0,0,0,139,135,1,0,0,0,140,11,1,0,0,0,141,142,5,31,0,0,142,
        143,5,2,0,0,143,157,5,103,0,0,144,153,5,31,0,0,145,150,3,20,10,0,
        146,147,5,93,0,0,147,149,3,20,10,0,148,146,1,0,0,0,149,152,1,0,0,
        0,150,148,1,0,0,0,150,151,1,0,0,0,151,154,1,0,0,0,152,150,1,0,0,
        0,153,145,1,0,0,0,153,154,1,0,0,0,154,155,1,0,0,0,155,157,5,103,
        0,0,156,141,1,0,0,0,156,144,1,0,0,0,157,13,1,0,0,0,158,162,5,43,
        0,0,159,161,3,16,8,0,160,159,1,0,0,0,161,164,1,0,0,0,162,160,1,0,
        0,0,162,163,1,0,0,0,163,165,1,0,0,0,164,162,1,0,0,0,165,166,5,103,
        0,0,166,15,1,0,0,0,167,172,3,20,10,0,168,169,5,93,0,0,169,171,3,
        20,10,0,170,168,1,0,0,0,171,174,1,0,0,0,172,170,1,0,0,0,172,173,
        1,0,0,0,173,175,1,0,0,0,174,172,1,0,0,0,175,176,5,35,0,0,176,178,
        3,48,24,0,177,179,3,18,9,0,178,177,1,0,0,0,178,179,1,0,0,0,179,182,
        1,0,0,0,180,181,5,91,0,0,181,183,7,1,0,0,182,180,1,0,0,0,182,183,
        1,0,0,0,183,17,1,0,0,0,184,187,3,8,4,0,185,187,3,72,36,0,186,184,
        1,0,0,0,186,185,1,0,0,0,187,19,1,0,0,0,188,192,3,48,24,0,189,192,
        5,115,0,0,190,192,3,22,11,0,191,188,1,0,0,0,191,189,1,0,0,0,191,
        190,1,0,0,0,192,195,1,0,0,0,193,194,5,97,0,0,194,196,5,98,0,0,195,
        193,1,0,0,0,195,196,1,0,0,0,196,21,1,0,0,0,197,198,7,2,0,0,198,23,
        1,0,0,0,199,200,3,48,24,0,200,201,5,92,0,0,201,202,3,30,15,0,202,
        265,1,0,0,0,203,204,5,115,0,0,204,205,3,30,15,0,205,206,5,92,0,0,
        206,207,3,68,34,0,207,265,1,0,0,0,208,209,3,48,24,0,209,210,3,30,
        15,0,210,211,5,92,0,0,211,212,3,74,37,0,212,265,1,0,0,0,213,214,
        3,48,24,0,214,215,3,74,37,0,215,216,5,92,0,0,216,217,3,30,15,0,217,
        265,1,0,0,0,218,219,3,48,24,0,219,220,3,74,37,0,220,221,3,30,15,
        0,221,222,5,92,0,0,222,223,3,74,37,0,223,265,1,0,0,0,224,225,5,115,
        0,0,225,226,3,74,37,0,226,227,3,30,15,0,227,228,5,92,0,0,228,229,
        3,68,34,0,229,265,1,0,0,0,230,231,3,48,24,0,231,232,5,49,0,0,232,
        233,5,92,0,0,233,237,5,6,0,0,234,236,8,3,0,0,235,234,1,0,0,0,236,
        239,1,0,0,0,237,235,1,0,0,0,237,238,1,0,0,0,238,240,1,0,0,0,239,
        237,1,0,0,0,240,241,5,27,0,0,241,265,1,0,0,0,242,243,3,48,24,0,243,
        244,5,92,0,0,244,245,5,113,0,0,245,249,3,26,13,0,246,248,3,28,14,
        0,247,246,1,0,0,0,248,251,1,0,0,0,249,247,1,0,0,0,249,250,1,0,0,
        0,250,265,1,0,0,0,251,249,1,0,0,0,252,253,5,115,0,0,253,254,5,113,
        0,0,254,258,3,26,13,0,255,257,3,28,14,0,256,255,1,0,0,0,257,260,
        1,0,0,0,258,256,1,0,0,0,258,259,1,0,0,0,259,261,1,0,0,0,260,258,
        1,0,0,0,261,262,5,92,0,0,262,263,3,68,34,0,263,265,1,0,0,0,264,199,
        1,0,0,0,264,203,1,0,0,0,264,208,1,0,0,0,264,213,1,0,0,0,264,218,
        1,0,0,0,264,224,1,0,0,0,264,230,1,0,0,0,264,242,1,0,0,0,264,252,
        1,0,0,0,265,25,1,0,0,0,266,267,7,4,0,0,267,27,1,0,0,0,268,269,8,
        5,0,0,269,29,1,0,0,0,270,272,3,34,17,0,271,273,7,6,0,0,272,271,1,
        0,0,0,272,273,1,0,0,0,273,274,1,0,0,0,274,275,3,30,15,0,275,295,
        1,0,0,0,276,280,7,7,0,0,277,278,5,73,0,0,278,281,3,50,25,0,279,281,
        3,50,25,0,280,277,1,0,0,0,280,279,1,0,0,0,280,281,1,0,0,0,281,282,
        1,0,0,0,282,284,5,59,0,0,283,285,5,115,0,0,284,283,1,0,0,0,284,285,
        1,0,0,0,285,286,1,0,0,0,286,295,3,30,15,0,287,291,3,32,16,0,288,
        290,3,50,25,0,289,288,1,0,0,0,290,293,1,0,0,0,291,289,1,0,0,0,291,
        292,1,0,0,0,292,295,1,0,0,0,293,291,1,0,0,0,294,270,1,0,0,0,294,
        276,1,0,0,0,294,287,1,0,0,0,295,31,1,0,0,0,296,302,5,9,0,0,297,302,
        5,54,0,0,298,302,5,67,0,0,299,300,5,58,0,0,300,302,5,74,0,0,301,
        296,1,0,0,0,301,297,1,0,0,0,301,298,1,0,0,0,301,299,1,0,0,0,302,
        423,1,0,0,0,303,315,5,46,0,0,304,305,5,97,0,0,305,310,3,38,19,0,
        306,307,5,93,0,0,307,309,3,38,19,0,308,306,1,0,0,0,309,312,1,0,0,
        0,310,308,1,0,0,0,310,311,1,0,0,0,311,313,1,0,0,0,312,310,1,0,0,
        0,313,314,5,98,0,0,314,316,1,0,0,0,315,304,1,0,0,0,315,316,1,0,0,
        0,316,423,1,0,0,0,317,318,5,28,0,0,318,319,5,97,0,0,319,324,3,40,
        20,0,320,321,5,93,0,0,321,323,3,40,20,0,322,320,1,0,0,0,323,326,
        1,0,0,0,324,322,1,0,0,0,324,325,1,0,0,0,325,327,1,0,0,0,326,324,
        1,0,0,0,327,328,5,98,0,0,328,423,1,0,0,0,329,330,5,7,0,0,330,342,
        5,74,0,0,331,332,5,97,0,0,332,337,3,38,19,0,333,334,5,93,0,0,334,
        336,3,38,19,0,335,333,1,0,0,0,336,339,1,0,0,0,337,335,1,0,0,0,337,
        338,1,0,0,0,338,340,1,0,0,0,339,337,1,0,0,0,340,341,5,98,0,0,341,
        343,1,0,0,0,342,331,1,0,0,0,342,343,1,0,0,0,343,423,1,0,0,0,344,
        423,7,2,0,0,345,346,7,7,0,0,346,355,5,97,0,0,347,352,3,42,21,0,348,
        349,5,93,0,0,349,351,3,42,21,0,350,348,1,0,0,0,351,354,1,0,0,0,352,
        350,1,0,0,0,352,353,1,0,0,0,353,356,1,0,0,0,354,352,1,0,0,0,355,
        347,1,0,0,0,355,356,1,0,0,0,356,357,1,0,0,0,357,423,5,98,0,0,358,
        359,5,12,0,0,359,360,5,97,0,0,360,365,3,42,21,0,361,362,5,93,0,0,
        362,364,3,42,21,0,363,361,1,0,0,0,364,367,1,0,0,0,365,363,1,0,0,
        0,365,366,1,0,0,0,366,368,1,0,0,0,367,365,1,0,0,0,368,369,5,98,0,
        0,369,423,1,0,0,0,370,371,3,48,24,0,371,372,5,96,0,0,372,374,1,0,
        0,0,373,370,1,0,0,0,373,374,1,0,0,0,374,375,1,0,0,0,375,423,3,48,
        24,0,376,377,3,48,24,0,377,378,5,96,0,0,378,380,1,0,0,0,379,376,
        1,0,0,0,379,380,1,0,0,0,380,381,1,0,0,0,381,382,3,48,24,0,382,383,
        3,74,37,0,383,423,1,0,0,0,384,385,3,44,22,0,385,386,5,96,0,0,386,
        387,3,46,23,0,387,423,1,0,0,0,388,389,5,56,0,0,389,394,5,40,0,0,
        390,394,5,68,0,0,391,394,5,60,0,0,392,394,5,69,0,0,393,388,1,0,0,
        0,393,390,1,0,0,0,393,391,1,0,0,0,393,392,1,0,0,0,394,423,1,0,0,
        0,395,396,5,11,0,0,396,423,5,74,0,0,397,398,5,25,0,0,398,423,5,63,
        0,0,399,423,5,33,0,0,400,404,5,3,0,0,401,402,5,21,0,0,402,403,5,
        10,0,0,403,405,5,115,0,0,404,401,1,0,0,0,404,405,1,0,0,0,405,423,
        1,0,0,0,406,407,5,45,0,0,407,408,5,59,0,0,408,423,3,44,22,0,409,
        423,7,8,0,0,410,423,5,57,0,0,411,412,5,13,0,0,412,416,3,74,37,0,
        413,414,5,91,0,0,414,415,5,76,0,0,415,417,3,74,37,0,416,413,1,0,
        0,0,416,417,1,0,0,0,417,423,1,0,0,0,418,423,7,9,0,0,419,420,5,115,
        0,0,420,421,5,108,0,0,421,423,3,30,15,0,422,301,1,0,0,0,422,303,
        1,0,0,0,422,317,1,0,0,0,422,329,1,0,0,0,422,344,1,0,0,0,422,345,
        1,0,0,0,422,358,1,0,0,0,422,373,1,0,0,0,422,379,1,0,0,0,422,384,
        1,0,0,0,422,393,1,0,0,0,422,395,1,0,0,0,422,397,1,0,0,0,422,399,
        1,0,0,0,422,400,1,0,0,0,422,406,1,0,0,0,422,409,1,0,0,0,422,410,
        1,0,0,0,422,411,1,0,0,0,422,418,1,0,0,0,422,419,1,0,0,0,423,33,1,
        0,0,0,424,426,5,101,0,0,425,427,7,10,0,0,426,425,1,0,0,0,426,427,
        1,0,0,0,427,428,1,0,0,0,428,429,3,36,18,0,429,430,5,102,0,0,430,
        35,1,0,0,0,431,434,5,116,0,0,432,434,3,72,36,0,433,431,1,0,0,0,433,
        432,1,0,0,0,434,37,1,0,0,0,435,436,5,115,0,0,436,439,5,99,0,0,437,
        440,3,70,35,0,438,440,3,72,36,0,439,437,1,0,0,0,439,438,1,0,0,0,
        440,441,1,0,0,0,441,442,5,100,0,0,442,39,1,0,0,0,443,451,5,115,0,
        0,444,447,5,99,0,0,445,448,3,70,35,0,446,448,3,72,36,0,447,445,1,
        0,0,0,447,446,1,0,0,0,448,449,1,0,0,0,449,450,5,100,0,0,450,452,
        1,0,0,0,451,444,1,0,0,0,451,452,1,0,0,0,452,458,1,0,0,0,453,455,
        5,94,0,0,454,456,3,66,33,0,455,454,1,0,0,0,455,456,1,0,0,0,456,458,
        1,0,0,0,457,443,1,0,0,0,457,453,1,0,0,0,458,41,1,0,0,0,459,460,5,
        115,0,0,460,464,3,30,15,0,461,465,5,61,0,0,462,463,5,20,0,0,463,
        465,3,68,34,0,464,461,1,0,0,0,464,462,1,0,0,0,464,465,1,0,0,0,465,
        491,1,0,0,0,466,468,5,94,0,0,467,469,3,66,33,0,468,467,1,0,0,0,468,
        469,1,0,0,0,469,491,1,0,0,0,470,471,5,101,0,0,471,474,5,101,0,0,
        472,473,5,116,0,0,473,475,5,104,0,0,474,472,1,0,0,0,474,475,1,0,
        0,0,475,476,1,0,0,0,476,481,3,42,21,0,477,478,5,93,0,0,478,480,3,
        42,21,0,479,477,1,0,0,0,480,483,1,0,0,0,481,479,1,0,0,0,481,482,
        1,0,0,0,482,484,1,0,0,0,483,481,1,0,0,0,484,485,5,102,0,0,485,486,
        5,102,0,0,486,491,1,0,0,0,487,488,5,15,0,0,488,489,5,59,0,0,489,
        491,3,30,15,0,490,459,1,0,0,0,490,466,1,0,0,0,490,470,1,0,0,0,490,
        487,1,0,0,0,491,43,1,0,0,0,492,493,3,48,24,0,493,494,5,96,0,0,494,
        496,1,0,0,0,495,492,1,0,0,0,495,496,1,0,0,0,496,497,1,0,0,0,497,
        501,3,48,24,0,498,501,5,83,0,0,499,501,5,1,0,0,500,495,1,0,0,0,500,
        498,1,0,0,0,500,499,1,0,0,0,501,45,1,0,0,0,502,505,5,112,0,0,503,
        506,3,48,24,0,504,506,5,115,0,0,505,503,1,0,0,0,505,504,1,0,0,0,
        506,515,1,0,0,0,507,508,5,96,0,0,508,511,5,112,0,0,509,512,3,48,
        24,0,510,512,5,115,0,0,511,509,1,0,0,0,511,510,1,0,0,0,512,514,1,
        0,0,0,513,507,1,0,0,0,514,517,1,0,0,0,515,513,1,0,0,0,515,516,1,
        0,0,0,516,47,1,0,0,0,517,515,1,0,0,0,518,519,7,11,0,0,519,49,1,0,
        0,0,520,521,5,99,0,0,521,523,3,52,26,0,522,524,3,66,33,0,523,522,
        1,0,0,0,523,524,1,0,0,0,524,525,1,0,0,0,525,526,5,100,0,0,526,51,
        1,0,0,0,527,547,3,54,27,0,528,529,5,16,0,0,529,530,5,10,0,0,530,
        547,3,74,37,0,531,532,5,17,0,0,532,536,3,30,15,0,533,534,5,26,0,
        0,534,535,5,10,0,0,535,537,3,68,34,0,536,533,1,0,0,0,536,537,1,0,
        0,0,537,542,1,0,0,0,538,539,5,26,0,0,539,540,5,10,0,0,540,542,3,
        68,34,0,541,531,1,0,0,0,541,538,1,0,0,0,542,547,1,0,0,0,543,544,
        3,74,37,0,544,545,3,74,37,0,545,547,1,0,0,0,546,527,1,0,0,0,546,
        528,1,0,0,0,546,541,1,0,0,0,546,543,1,0,0,0,547,53,1,0,0,0,548,558,
        3,56,28,0,549,550,5,93,0,0,550,552,5,94,0,0,551,553,3,66,33,0,552,
        551,1,0,0,0,552,553,1,0,0,0,553,556,1,0,0,0,554,555,5,93,0,0,555,
        557,3,56,28,0,556,554,1,0,0,0,556,557,1,0,0,0,557,559,1,0,0,0,558,
        549,1,0,0,0,558,559,1,0,0,0,559,55,1,0,0,0,560,565,3,58,29,0,561,
        562,7,12,0,0,562,564,3,58,29,0,563,561,1,0,0,0,564,567,1,0,0,0,565,
        563,1,0,0,0,565,566,1,0,0,0,566,572,1,0,0,0,567,565,1,0,0,0,568,
        569,5,2,0,0,569,570,5,29,0,0,570,572,3,62,31,0,571,560,1,0,0,0,571,
        568,1,0,0,0,572,57,1,0,0,0,573,578,3,60,30,0,574,575,7,13,0,0,575,
        577,3,60,30,0,576,574,1,0,0,0,577,580,1,0,0,0,578,576,1,0,0,0,578,
        579,1,0,0,0,579,59,1,0,0,0,580,578,1,0,0,0,581,584,3,62,31,0,582,
        583,5,29,0,0,583,585,3,62,31,0,584,582,1,0,0,0,584,585,1,0,0,0,585,
        61,1,0,0,0,586,620,3,68,34,0,587,589,3,64,32,0,588,590,5,108,0,0,
        589,588,1,0,0,0,589,590,1,0,0,0,590,591,1,0,0,0,591,593,5,95,0,0,
        592,594,5,108,0,0,593,592,1,0,0,0,593,594,1,0,0,0,594,595,1,0,0,
        0,595,596,3,64,32,0,596,620,1,0,0,0,597,598,5,73,0,0,598,620,3,50,
        25,0,599,600,5,35,0,0,600,620,3,50,25,0,601,602,5,99,0,0,602,603,
        3,56,28,0,603,604,5,100,0,0,604,620,1,0,0,0,605,607,5,44,0,0,606,
        605,1,0,0,0,606,607,1,0,0,0,607,608,1,0,0,0,608,620,3,30,15,0,609,
        610,5,91,0,0,610,611,5,14,0,0,611,620,3,50,25,0,612,613,5,91,0,0,
        613,614,5,15,0,0,614,620,3,74,37,0,615,616,5,62,0,0,616,620,3,68,
        34,0,617,618,5,72,0,0,618,620,5,118,0,0,619,586,1,0,0,0,619,587,
        1,0,0,0,619,597,1,0,0,0,619,599,1,0,0,0,619,601,1,0,0,0,619,606,
        1,0,0,0,619,609,1,0,0,0,619,612,1,0,0,0,619,615,1,0,0,0,619,617,
        1,0,0,0,620,63,1,0,0,0,621,625,3,68,34,0,622,625,5,51,0,0,623,625,
        5,50,0,0,624,621,1,0,0,0,624,622,1,0,0,0,624,623,1,0,0,0,625,65,
        1,0,0,0,626,630,5,111,0,0,627,628,3,30,15,0,628,629,5,104,0,0,629,
        631,1,0,0,0,630,627,1,0,0,0,630,631,1,0,0,0,631,632,1,0,0,0,632,
        633,3,68,34,0,633,67,1,0,0,0,634,656,3,70,35,0,635,637,5,105,0,0,
        636,635,1,0,0,0,636,637,1,0,0,0,637,638,1,0,0,0,638,656,5,117,0,
        0,639,656,7,14,0,0,640,656,7,15,0,0,641,656,5,54,0,0,642,656,5,118,
        0,0,643,656,7,16,0,0,644,656,3,72,36,0,645,656,3,74,37,0,646,647,
        5,115,0,0,647,648,5,104,0,0,648,656,3,68,34,0,649,650,3,48,24,0,
        650,651,5,104,0,0,651,652,3,68,34,0,652,656,1,0,0,0,653,654,5,17,
        0,0,654,656,3,68,34,0,655,634,1,0,0,0,655,636,1,0,0,0,655,639,1,
        0,0,0,655,640,1,0,0,0,655,641,1,0,0,0,655,642,1,0,0,0,655,643,1,
        0,0,0,655,644,1,0,0,0,655,645,1,0,0,0,655,646,1,0,0,0,655,649,1,
        0,0,0,655,653,1,0,0,0,656,69,1,0,0,0,657,659,5,105,0,0,658,657,1,
        0,0,0,658,659,1,0,0,0,659,660,1,0,0,0,660,661,5,116,0,0,661,71,1,
        0,0,0,662,663,3,48,24,0,663,664,5,96,0,0,664,666,1,0,0,0,665,662,
        1,0,0,0,665,666,1,0,0,0,666,667,1,0,0,0,667,668,5,115,0,0,668,73,
        1,0,0,0,669,674,5,97,0,0,670,673,3,74,37,0,671,673,8,17,0,0,672,
        670,1,0,0,0,672,671,1,0,0,0,673,676,1,0,0,0,674,672,1,0,0,0,674,
        675,1,0,0,0,675,677,1,0,0,0,676,674,1,0,0,0,677,678,5,98,0,0,678,
        75,1,0,0,0,85,79,86,90,93,98,101,106,121,130,133,139,150,153,156,
        162,172,178,182,186,191,195,237,249,258,264,272,280,284,291,294,
        301,310,315,324,337,342,352,355,365,373,379,393,404,416,422,426,
        433,439,447,451,455,457,464,468,474,481,490,495,500,505,511,515,
        523,536,541,546,552,556,558,565,571,578,584,589,593,606,619,624,
        630,636,655,658,665,672,674
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
                     "'DEFAULT'", "'DEFINED'", "'DEFINITIONS'", "'DESCENDANTS'", 
                     "'DURATION'", "'EMBEDDED'", "'ENCODED'", "'END'", "'ENUMERATED'", 
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
                     "'SIZE'", "'STRING'", "'SUCCESSORS'", "'SYNTAX'", "'T61String'", 
                     "'TAGS'", "'TeletexString'", "'TIME'", "'TIME-OF-DAY'", 
                     "'TRUE'", "'TYPE-IDENTIFIER'", "'UNION'", "'UNIVERSAL'", 
                     "'UniversalString'", "'UTCTime'", "'UTF8String'", "'VideotexString'", 
                     "'VisibleString'", "'WITH'", "'::='", "','", "'...'", 
                     "'..'", "'.'", "'{'", "'}'", "'('", "')'", "'['", "']'", 
                     "';'", "':'", "'-'", "'|'", "'^'", "'<'", "'>'", "'@'", 
                     "'!'", "'&'" ]

    symbolicNames = [ "<INVALID>", "ABSTRACT_SYNTAX", "ALL", "ANY", "APPLICATION", 
                      "AUTOMATIC", "BEGIN", "BIT", "BMPString", "BOOLEAN", 
                      "BY", "CHARACTER", "CHOICE", "CLASS", "COMPONENT", 
                      "COMPONENTS", "CONSTRAINED", "CONTAINING", "DATE", 
                      "DATE_TIME", "DEFAULT", "DEFINED", "DEFINITIONS", 
                      "DESCENDANTS", "DURATION", "EMBEDDED", "ENCODED", 
                      "END", "ENUMERATED", "EXCEPT", "EXPLICIT", "EXPORTS", 
                      "EXTENSIBILITY", "EXTERNAL", "FALSE", "FROM", "GeneralizedTime", 
                      "GeneralString", "GraphicString", "IA5String", "IDENTIFIER_KW", 
                      "IMPLICIT", "IMPLIED", "IMPORTS", "INCLUDES", "INSTANCE", 
                      "INTEGER", "INTERSECTION", "ISO646String", "MACRO", 
                      "MAX", "MIN", "MINUS_INFINITY", "NOT_A_NUMBER", "NULL", 
                      "NumericString", "OBJECT", "ObjectDescriptor", "OCTET", 
                      "OF", "OID_IRI", "OPTIONAL", "PATTERN", "PDV", "PLUS_INFINITY", 
                      "PrintableString", "PRIVATE", "REAL", "RELATIVE_OID", 
                      "RELATIVE_OID_IRI", "SEQUENCE", "SET", "SETTINGS", 
                      "SIZE", "STRING", "SUCCESSORS", "SYNTAX", "T61String", 
                      "TAGS", "TeletexString", "TIME", "TIME_OF_DAY", "TRUE", 
                      "TYPE_IDENTIFIER", "UNION", "UNIVERSAL", "UniversalString", 
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
    RULE_charStringKeyword = 11
    RULE_assignment = 12
    RULE_macroKeyword = 13
    RULE_macroToken = 14
    RULE_type = 15
    RULE_typeBody = 16
    RULE_tag = 17
    RULE_tagNumber = 18
    RULE_namedNumber = 19
    RULE_enumerationItem = 20
    RULE_componentItem = 21
    RULE_definedObjectClass = 22
    RULE_fieldName = 23
    RULE_typeReference = 24
    RULE_constraint = 25
    RULE_constraintSpec = 26
    RULE_elementSetSpecs = 27
    RULE_elementSetSpec = 28
    RULE_intersections = 29
    RULE_intersectionElements = 30
    RULE_elements = 31
    RULE_rangeEndpoint = 32
    RULE_exceptionSpec = 33
    RULE_value = 34
    RULE_signedNumber = 35
    RULE_definedValue = 36
    RULE_bracedTokens = 37

    ruleNames =  [ "specFile", "moduleDefinition", "tagDefault", "extensionDefault", 
                   "objectIdentifierValue", "objectIdentifierComponent", 
                   "exports", "imports", "symbolsFromModule", "assignedIdentifier", 
                   "symbol", "charStringKeyword", "assignment", "macroKeyword", 
                   "macroToken", "type", "typeBody", "tag", "tagNumber", 
                   "namedNumber", "enumerationItem", "componentItem", "definedObjectClass", 
                   "fieldName", "typeReference", "constraint", "constraintSpec", 
                   "elementSetSpecs", "elementSetSpec", "intersections", 
                   "intersectionElements", "elements", "rangeEndpoint", 
                   "exceptionSpec", "value", "signedNumber", "definedValue", 
                   "bracedTokens" ]

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
    DESCENDANTS=23
    DURATION=24
    EMBEDDED=25
    ENCODED=26
    END=27
    ENUMERATED=28
    EXCEPT=29
    EXPLICIT=30
    EXPORTS=31
    EXTENSIBILITY=32
    EXTERNAL=33
    FALSE=34
    FROM=35
    GeneralizedTime=36
    GeneralString=37
    GraphicString=38
    IA5String=39
    IDENTIFIER_KW=40
    IMPLICIT=41
    IMPLIED=42
    IMPORTS=43
    INCLUDES=44
    INSTANCE=45
    INTEGER=46
    INTERSECTION=47
    ISO646String=48
    MACRO=49
    MAX=50
    MIN=51
    MINUS_INFINITY=52
    NOT_A_NUMBER=53
    NULL=54
    NumericString=55
    OBJECT=56
    ObjectDescriptor=57
    OCTET=58
    OF=59
    OID_IRI=60
    OPTIONAL=61
    PATTERN=62
    PDV=63
    PLUS_INFINITY=64
    PrintableString=65
    PRIVATE=66
    REAL=67
    RELATIVE_OID=68
    RELATIVE_OID_IRI=69
    SEQUENCE=70
    SET=71
    SETTINGS=72
    SIZE=73
    STRING=74
    SUCCESSORS=75
    SYNTAX=76
    T61String=77
    TAGS=78
    TeletexString=79
    TIME=80
    TIME_OF_DAY=81
    TRUE=82
    TYPE_IDENTIFIER=83
    UNION=84
    UNIVERSAL=85
    UniversalString=86
    UTCTime=87
    UTF8String=88
    VideotexString=89
    VisibleString=90
    WITH=91
    ASSIGN=92
    COMMA=93
    ELLIPSIS=94
    RANGE=95
    DOT=96
    LBRACE=97
    RBRACE=98
    LPAREN=99
    RPAREN=100
    LBRACKET=101
    RBRACKET=102
    SEMICOLON=103
    COLON=104
    MINUS=105
    BAR=106
    CARET=107
    LESS=108
    GREATER=109
    AT=110
    EXCLAMATION=111
    AMPERSAND=112
    ALL_CAPS_REFERENCE=113
    TYPE_REFERENCE=114
    IDENTIFIER=115
    NUMBER=116
    REAL_NUMBER=117
    CSTRING=118
    BSTRING=119
    HSTRING=120
    QUOTED_WITHOUT_RADIX=121
    LINE_COMMENT=122
    BLOCK_COMMENT=123
    WHITESPACE=124

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
            self.state = 79
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==113 or _la==114:
                self.state = 76
                self.moduleDefinition()
                self.state = 81
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 82
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
            self.state = 84
            localctx.name = self.typeReference()
            self.state = 86
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==97:
                self.state = 85
                localctx.oid = self.objectIdentifierValue()


            self.state = 88
            self.match(ASN1Parser.DEFINITIONS)
            self.state = 90
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if (((_la) & ~0x3f) == 0 and ((1 << _la) & 2200096997408) != 0):
                self.state = 89
                self.tagDefault()


            self.state = 93
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==32:
                self.state = 92
                self.extensionDefault()


            self.state = 95
            self.match(ASN1Parser.ASSIGN)
            self.state = 96
            self.match(ASN1Parser.BEGIN)
            self.state = 98
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==31:
                self.state = 97
                self.exports()


            self.state = 101
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==43:
                self.state = 100
                self.imports()


            self.state = 106
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while ((((_la - 113)) & ~0x3f) == 0 and ((1 << (_la - 113)) & 7) != 0):
                self.state = 103
                self.assignment()
                self.state = 108
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 109
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
            self.state = 111
            localctx.tagging = self._input.LT(1)
            _la = self._input.LA(1)
            if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 2200096997408) != 0)):
                localctx.tagging = self._errHandler.recoverInline(self)
            else:
                self._errHandler.reportMatch(self)
                self.consume()
            self.state = 112
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
            self.state = 114
            self.match(ASN1Parser.EXTENSIBILITY)
            self.state = 115
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
            self.state = 117
            self.match(ASN1Parser.LBRACE)
            self.state = 119 
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while True:
                self.state = 118
                self.objectIdentifierComponent()
                self.state = 121 
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if not (((((_la - 113)) & ~0x3f) == 0 and ((1 << (_la - 113)) & 15) != 0)):
                    break

            self.state = 123
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
            self.state = 139
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [116]:
                self.enterOuterAlt(localctx, 1)
                self.state = 125
                self.match(ASN1Parser.NUMBER)
                pass
            elif token in [115]:
                self.enterOuterAlt(localctx, 2)
                self.state = 126
                self.match(ASN1Parser.IDENTIFIER)
                self.state = 133
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==99:
                    self.state = 127
                    self.match(ASN1Parser.LPAREN)
                    self.state = 130
                    self._errHandler.sync(self)
                    token = self._input.LA(1)
                    if token in [116]:
                        self.state = 128
                        self.match(ASN1Parser.NUMBER)
                        pass
                    elif token in [113, 114, 115]:
                        self.state = 129
                        self.definedValue()
                        pass
                    else:
                        raise NoViableAltException(self)

                    self.state = 132
                    self.match(ASN1Parser.RPAREN)


                pass
            elif token in [113, 114]:
                self.enterOuterAlt(localctx, 3)
                self.state = 135
                self.typeReference()
                self.state = 136
                self.match(ASN1Parser.DOT)
                self.state = 137
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
            self.state = 156
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,13,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.ExportsAllContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 141
                self.match(ASN1Parser.EXPORTS)
                self.state = 142
                self.match(ASN1Parser.ALL)
                self.state = 143
                self.match(ASN1Parser.SEMICOLON)
                pass

            elif la_ == 2:
                localctx = ASN1Parser.ExportsSymbolsContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 144
                self.match(ASN1Parser.EXPORTS)
                self.state = 153
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if (((_la) & ~0x3f) == 0 and ((1 << _la) & 36311234068349184) != 0) or ((((_la - 65)) & ~0x3f) == 0 and ((1 << (_la - 65)) & 1970324897812481) != 0):
                    self.state = 145
                    self.symbol()
                    self.state = 150
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==93:
                        self.state = 146
                        self.match(ASN1Parser.COMMA)
                        self.state = 147
                        self.symbol()
                        self.state = 152
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)



                self.state = 155
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
            self.state = 158
            self.match(ASN1Parser.IMPORTS)
            self.state = 162
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while (((_la) & ~0x3f) == 0 and ((1 << _la) & 36311234068349184) != 0) or ((((_la - 65)) & ~0x3f) == 0 and ((1 << (_la - 65)) & 1970324897812481) != 0):
                self.state = 159
                self.symbolsFromModule()
                self.state = 164
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 165
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
            self.selection = None # Token

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


        def WITH(self):
            return self.getToken(ASN1Parser.WITH, 0)

        def SUCCESSORS(self):
            return self.getToken(ASN1Parser.SUCCESSORS, 0)

        def DESCENDANTS(self):
            return self.getToken(ASN1Parser.DESCENDANTS, 0)

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
            self.state = 167
            self.symbol()
            self.state = 172
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==93:
                self.state = 168
                self.match(ASN1Parser.COMMA)
                self.state = 169
                self.symbol()
                self.state = 174
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 175
            self.match(ASN1Parser.FROM)
            self.state = 176
            localctx.module = self.typeReference()
            self.state = 178
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,16,self._ctx)
            if la_ == 1:
                self.state = 177
                self.assignedIdentifier()


            self.state = 182
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==91:
                self.state = 180
                self.match(ASN1Parser.WITH)
                self.state = 181
                localctx.selection = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==23 or _la==75):
                    localctx.selection = self._errHandler.recoverInline(self)
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
            self.state = 186
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [97]:
                self.enterOuterAlt(localctx, 1)
                self.state = 184
                self.objectIdentifierValue()
                pass
            elif token in [113, 114, 115]:
                self.enterOuterAlt(localctx, 2)
                self.state = 185
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
            self.builtin = None # CharStringKeywordContext
            self.parameterized = None # Token

        def typeReference(self):
            return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,0)


        def IDENTIFIER(self):
            return self.getToken(ASN1Parser.IDENTIFIER, 0)

        def charStringKeyword(self):
            return self.getTypedRuleContext(ASN1Parser.CharStringKeywordContext,0)


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
            self.state = 191
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [113, 114]:
                self.state = 188
                self.typeReference()
                pass
            elif token in [115]:
                self.state = 189
                self.match(ASN1Parser.IDENTIFIER)
                pass
            elif token in [8, 37, 38, 39, 48, 55, 65, 77, 79, 86, 88, 89, 90]:
                self.state = 190
                localctx.builtin = self.charStringKeyword()
                pass
            else:
                raise NoViableAltException(self)

            self.state = 195
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==97:
                self.state = 193
                localctx.parameterized = self.match(ASN1Parser.LBRACE)
                self.state = 194
                self.match(ASN1Parser.RBRACE)


        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx


    class CharStringKeywordContext(ParserRuleContext):
        __slots__ = 'parser'

        def __init__(self, parser, parent:ParserRuleContext=None, invokingState:int=-1):
            super().__init__(parent, invokingState)
            self.parser = parser

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

        def getRuleIndex(self):
            return ASN1Parser.RULE_charStringKeyword

        def accept(self, visitor:ParseTreeVisitor):
            if hasattr( visitor, "visitCharStringKeyword" ):
                return visitor.visitCharStringKeyword(self)
            else:
                return visitor.visitChildren(self)




    def charStringKeyword(self):

        localctx = ASN1Parser.CharStringKeywordContext(self, self._ctx, self.state)
        self.enterRule(localctx, 22, self.RULE_charStringKeyword)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 197
            _la = self._input.LA(1)
            if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 36311234068349184) != 0) or ((((_la - 65)) & ~0x3f) == 0 and ((1 << (_la - 65)) & 60837889) != 0)):
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


    class ParameterizedAssignmentContext(AssignmentContext):

        def __init__(self, parser, ctx:ParserRuleContext): # actually a ASN1Parser.AssignmentContext
            super().__init__(parser)
            self.typeName = None # TypeReferenceContext
            self.valueName = None # Token
            self.copyFrom(ctx)

        def bracedTokens(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.BracedTokensContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,i)

        def ASSIGN(self):
            return self.getToken(ASN1Parser.ASSIGN, 0)
        def type_(self):
            return self.getTypedRuleContext(ASN1Parser.TypeContext,0)

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
        self.enterRule(localctx, 24, self.RULE_assignment)
        self._la = 0 # Token type
        try:
            self.state = 264
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,24,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.TypeAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 199
                localctx.name = self.typeReference()
                self.state = 200
                self.match(ASN1Parser.ASSIGN)
                self.state = 201
                self.type_()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.ValueAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 203
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 204
                self.type_()
                self.state = 205
                self.match(ASN1Parser.ASSIGN)
                self.state = 206
                self.value()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.ValueSetAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 208
                localctx.name = self.typeReference()
                self.state = 209
                self.type_()
                self.state = 210
                self.match(ASN1Parser.ASSIGN)
                self.state = 211
                self.bracedTokens()
                pass

            elif la_ == 4:
                localctx = ASN1Parser.ParameterizedAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 213
                localctx.typeName = self.typeReference()
                self.state = 214
                self.bracedTokens()
                self.state = 215
                self.match(ASN1Parser.ASSIGN)
                self.state = 216
                self.type_()
                pass

            elif la_ == 5:
                localctx = ASN1Parser.ParameterizedAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 218
                localctx.typeName = self.typeReference()
                self.state = 219
                self.bracedTokens()
                self.state = 220
                self.type_()
                self.state = 221
                self.match(ASN1Parser.ASSIGN)
                self.state = 222
                self.bracedTokens()
                pass

            elif la_ == 6:
                localctx = ASN1Parser.ParameterizedAssignmentContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 224
                localctx.valueName = self.match(ASN1Parser.IDENTIFIER)
                self.state = 225
                self.bracedTokens()
                self.state = 226
                self.type_()
                self.state = 227
                self.match(ASN1Parser.ASSIGN)
                self.state = 228
                self.value()
                pass

            elif la_ == 7:
                localctx = ASN1Parser.MacroDefinitionContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 230
                localctx.name = self.typeReference()
                self.state = 231
                self.match(ASN1Parser.MACRO)
                self.state = 232
                self.match(ASN1Parser.ASSIGN)
                self.state = 233
                self.match(ASN1Parser.BEGIN)
                self.state = 237
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while (((_la) & ~0x3f) == 0 and ((1 << _la) & -134217730) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 2305843009213693951) != 0):
                    self.state = 234
                    _la = self._input.LA(1)
                    if _la <= 0 or _la==27:
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()
                    self.state = 239
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 240
                self.match(ASN1Parser.END)
                pass

            elif la_ == 8:
                localctx = ASN1Parser.MacroTypeNotationContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 242
                localctx.name = self.typeReference()
                self.state = 243
                self.match(ASN1Parser.ASSIGN)
                self.state = 244
                localctx.macroName = self.match(ASN1Parser.ALL_CAPS_REFERENCE)
                self.state = 245
                self.macroKeyword()
                self.state = 249
                self._errHandler.sync(self)
                _alt = self._interp.adaptivePredict(self._input,22,self._ctx)
                while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                    if _alt==1:
                        self.state = 246
                        self.macroToken() 
                    self.state = 251
                    self._errHandler.sync(self)
                    _alt = self._interp.adaptivePredict(self._input,22,self._ctx)

                pass

            elif la_ == 9:
                localctx = ASN1Parser.MacroValueNotationContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 252
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 253
                localctx.macroName = self.match(ASN1Parser.ALL_CAPS_REFERENCE)
                self.state = 254
                self.macroKeyword()
                self.state = 258
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while (((_la) & ~0x3f) == 0 and ((1 << _la) & -134217794) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 2305843008945258495) != 0):
                    self.state = 255
                    self.macroToken()
                    self.state = 260
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 261
                self.match(ASN1Parser.ASSIGN)
                self.state = 262
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
        self.enterRule(localctx, 26, self.RULE_macroKeyword)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 266
            _la = self._input.LA(1)
            if not(_la==76 or _la==113):
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
        self.enterRule(localctx, 28, self.RULE_macroToken)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 268
            _la = self._input.LA(1)
            if _la <= 0 or _la==6 or _la==27 or _la==92:
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
        self.enterRule(localctx, 30, self.RULE_type)
        self._la = 0 # Token type
        try:
            self.state = 294
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,29,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.TaggedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 270
                self.tag()
                self.state = 272
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==30 or _la==41:
                    self.state = 271
                    localctx.tagging = self._input.LT(1)
                    _la = self._input.LA(1)
                    if not(_la==30 or _la==41):
                        localctx.tagging = self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()


                self.state = 274
                self.type_()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.SequenceOfTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 276
                localctx.kind = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==70 or _la==71):
                    localctx.kind = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 280
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [73]:
                    self.state = 277
                    self.match(ASN1Parser.SIZE)
                    self.state = 278
                    localctx.size = self.constraint()
                    pass
                elif token in [99]:
                    self.state = 279
                    self.constraint()
                    pass
                elif token in [59]:
                    pass
                else:
                    pass
                self.state = 282
                self.match(ASN1Parser.OF)
                self.state = 284
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,27,self._ctx)
                if la_ == 1:
                    self.state = 283
                    localctx.elementName = self.match(ASN1Parser.IDENTIFIER)


                self.state = 286
                self.type_()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.ConstrainedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 287
                self.typeBody()
                self.state = 291
                self._errHandler.sync(self)
                _alt = self._interp.adaptivePredict(self._input,28,self._ctx)
                while _alt!=2 and _alt!=ATN.INVALID_ALT_NUMBER:
                    if _alt==1:
                        self.state = 288
                        self.constraint() 
                    self.state = 293
                    self._errHandler.sync(self)
                    _alt = self._interp.adaptivePredict(self._input,28,self._ctx)

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
            self.copyFrom(ctx)

        def typeReference(self, i:int=None):
            if i is None:
                return self.getTypedRuleContexts(ASN1Parser.TypeReferenceContext)
            else:
                return self.getTypedRuleContext(ASN1Parser.TypeReferenceContext,i)

        def bracedTokens(self):
            return self.getTypedRuleContext(ASN1Parser.BracedTokensContext,0)

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
        self.enterRule(localctx, 32, self.RULE_typeBody)
        self._la = 0 # Token type
        try:
            self.state = 422
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,44,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.BuiltinTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 301
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [9]:
                    self.state = 296
                    self.match(ASN1Parser.BOOLEAN)
                    pass
                elif token in [54]:
                    self.state = 297
                    self.match(ASN1Parser.NULL)
                    pass
                elif token in [67]:
                    self.state = 298
                    self.match(ASN1Parser.REAL)
                    pass
                elif token in [58]:
                    self.state = 299
                    self.match(ASN1Parser.OCTET)
                    self.state = 300
                    self.match(ASN1Parser.STRING)
                    pass
                else:
                    raise NoViableAltException(self)

                pass

            elif la_ == 2:
                localctx = ASN1Parser.IntegerTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 303
                self.match(ASN1Parser.INTEGER)
                self.state = 315
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==97:
                    self.state = 304
                    self.match(ASN1Parser.LBRACE)
                    self.state = 305
                    self.namedNumber()
                    self.state = 310
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==93:
                        self.state = 306
                        self.match(ASN1Parser.COMMA)
                        self.state = 307
                        self.namedNumber()
                        self.state = 312
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)

                    self.state = 313
                    self.match(ASN1Parser.RBRACE)


                pass

            elif la_ == 3:
                localctx = ASN1Parser.EnumeratedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 317
                self.match(ASN1Parser.ENUMERATED)
                self.state = 318
                self.match(ASN1Parser.LBRACE)
                self.state = 319
                self.enumerationItem()
                self.state = 324
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==93:
                    self.state = 320
                    self.match(ASN1Parser.COMMA)
                    self.state = 321
                    self.enumerationItem()
                    self.state = 326
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 327
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 4:
                localctx = ASN1Parser.BitStringTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 329
                self.match(ASN1Parser.BIT)
                self.state = 330
                self.match(ASN1Parser.STRING)
                self.state = 342
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==97:
                    self.state = 331
                    self.match(ASN1Parser.LBRACE)
                    self.state = 332
                    self.namedNumber()
                    self.state = 337
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==93:
                        self.state = 333
                        self.match(ASN1Parser.COMMA)
                        self.state = 334
                        self.namedNumber()
                        self.state = 339
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)

                    self.state = 340
                    self.match(ASN1Parser.RBRACE)


                pass

            elif la_ == 5:
                localctx = ASN1Parser.CharStringTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 344
                localctx.kind = self._input.LT(1)
                _la = self._input.LA(1)
                if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 36311234068349184) != 0) or ((((_la - 65)) & ~0x3f) == 0 and ((1 << (_la - 65)) & 60837889) != 0)):
                    localctx.kind = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 6:
                localctx = ASN1Parser.SequenceTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 345
                localctx.kind = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==70 or _la==71):
                    localctx.kind = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 346
                self.match(ASN1Parser.LBRACE)
                self.state = 355
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==15 or ((((_la - 94)) & ~0x3f) == 0 and ((1 << (_la - 94)) & 2097281) != 0):
                    self.state = 347
                    self.componentItem()
                    self.state = 352
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    while _la==93:
                        self.state = 348
                        self.match(ASN1Parser.COMMA)
                        self.state = 349
                        self.componentItem()
                        self.state = 354
                        self._errHandler.sync(self)
                        _la = self._input.LA(1)



                self.state = 357
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 7:
                localctx = ASN1Parser.ChoiceTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 358
                self.match(ASN1Parser.CHOICE)
                self.state = 359
                self.match(ASN1Parser.LBRACE)
                self.state = 360
                self.componentItem()
                self.state = 365
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==93:
                    self.state = 361
                    self.match(ASN1Parser.COMMA)
                    self.state = 362
                    self.componentItem()
                    self.state = 367
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 368
                self.match(ASN1Parser.RBRACE)
                pass

            elif la_ == 8:
                localctx = ASN1Parser.TypeRefContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 373
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,39,self._ctx)
                if la_ == 1:
                    self.state = 370
                    localctx.module = self.typeReference()
                    self.state = 371
                    self.match(ASN1Parser.DOT)


                self.state = 375
                localctx.name = self.typeReference()
                pass

            elif la_ == 9:
                localctx = ASN1Parser.ParameterizedTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 379
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,40,self._ctx)
                if la_ == 1:
                    self.state = 376
                    self.typeReference()
                    self.state = 377
                    self.match(ASN1Parser.DOT)


                self.state = 381
                self.typeReference()
                self.state = 382
                self.bracedTokens()
                pass

            elif la_ == 10:
                localctx = ASN1Parser.ObjectClassFieldTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 10)
                self.state = 384
                self.definedObjectClass()
                self.state = 385
                self.match(ASN1Parser.DOT)
                self.state = 386
                self.fieldName()
                pass

            elif la_ == 11:
                localctx = ASN1Parser.ObjectIdentifierTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 11)
                self.state = 393
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [56]:
                    self.state = 388
                    self.match(ASN1Parser.OBJECT)
                    self.state = 389
                    self.match(ASN1Parser.IDENTIFIER_KW)
                    pass
                elif token in [68]:
                    self.state = 390
                    self.match(ASN1Parser.RELATIVE_OID)
                    pass
                elif token in [60]:
                    self.state = 391
                    self.match(ASN1Parser.OID_IRI)
                    pass
                elif token in [69]:
                    self.state = 392
                    self.match(ASN1Parser.RELATIVE_OID_IRI)
                    pass
                else:
                    raise NoViableAltException(self)

                pass

            elif la_ == 12:
                localctx = ASN1Parser.UnrestrictedCharacterStringTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 12)
                self.state = 395
                self.match(ASN1Parser.CHARACTER)
                self.state = 396
                self.match(ASN1Parser.STRING)
                pass

            elif la_ == 13:
                localctx = ASN1Parser.EmbeddedPdvTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 13)
                self.state = 397
                self.match(ASN1Parser.EMBEDDED)
                self.state = 398
                self.match(ASN1Parser.PDV)
                pass

            elif la_ == 14:
                localctx = ASN1Parser.ExternalTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 14)
                self.state = 399
                self.match(ASN1Parser.EXTERNAL)
                pass

            elif la_ == 15:
                localctx = ASN1Parser.AnyTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 15)
                self.state = 400
                self.match(ASN1Parser.ANY)
                self.state = 404
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==21:
                    self.state = 401
                    self.match(ASN1Parser.DEFINED)
                    self.state = 402
                    self.match(ASN1Parser.BY)
                    self.state = 403
                    self.match(ASN1Parser.IDENTIFIER)


                pass

            elif la_ == 16:
                localctx = ASN1Parser.InstanceOfTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 16)
                self.state = 406
                self.match(ASN1Parser.INSTANCE)
                self.state = 407
                self.match(ASN1Parser.OF)
                self.state = 408
                self.definedObjectClass()
                pass

            elif la_ == 17:
                localctx = ASN1Parser.TimeTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 17)
                self.state = 409
                _la = self._input.LA(1)
                if not((((_la) & ~0x3f) == 0 and ((1 << _la) & 68737040384) != 0) or ((((_la - 80)) & ~0x3f) == 0 and ((1 << (_la - 80)) & 131) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 18:
                localctx = ASN1Parser.ObjectDescriptorTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 18)
                self.state = 410
                self.match(ASN1Parser.ObjectDescriptor)
                pass

            elif la_ == 19:
                localctx = ASN1Parser.ObjectClassDefinitionContext(self, localctx)
                self.enterOuterAlt(localctx, 19)
                self.state = 411
                self.match(ASN1Parser.CLASS)
                self.state = 412
                self.bracedTokens()
                self.state = 416
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==91:
                    self.state = 413
                    self.match(ASN1Parser.WITH)
                    self.state = 414
                    self.match(ASN1Parser.SYNTAX)
                    self.state = 415
                    self.bracedTokens()


                pass

            elif la_ == 20:
                localctx = ASN1Parser.ObjectClassDefinitionContext(self, localctx)
                self.enterOuterAlt(localctx, 20)
                self.state = 418
                _la = self._input.LA(1)
                if not(_la==1 or _la==83):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 21:
                localctx = ASN1Parser.SelectionTypeContext(self, localctx)
                self.enterOuterAlt(localctx, 21)
                self.state = 419
                self.match(ASN1Parser.IDENTIFIER)
                self.state = 420
                self.match(ASN1Parser.LESS)
                self.state = 421
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
        self.enterRule(localctx, 34, self.RULE_tag)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 424
            self.match(ASN1Parser.LBRACKET)
            self.state = 426
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==4 or _la==66 or _la==85:
                self.state = 425
                localctx.tagClass = self._input.LT(1)
                _la = self._input.LA(1)
                if not(_la==4 or _la==66 or _la==85):
                    localctx.tagClass = self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()


            self.state = 428
            self.tagNumber()
            self.state = 429
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
        self.enterRule(localctx, 36, self.RULE_tagNumber)
        try:
            self.state = 433
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [116]:
                self.enterOuterAlt(localctx, 1)
                self.state = 431
                self.match(ASN1Parser.NUMBER)
                pass
            elif token in [113, 114, 115]:
                self.enterOuterAlt(localctx, 2)
                self.state = 432
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
        self.enterRule(localctx, 38, self.RULE_namedNumber)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 435
            localctx.name = self.match(ASN1Parser.IDENTIFIER)
            self.state = 436
            self.match(ASN1Parser.LPAREN)
            self.state = 439
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [105, 116]:
                self.state = 437
                self.signedNumber()
                pass
            elif token in [113, 114, 115]:
                self.state = 438
                self.definedValue()
                pass
            else:
                raise NoViableAltException(self)

            self.state = 441
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
        self.enterRule(localctx, 40, self.RULE_enumerationItem)
        self._la = 0 # Token type
        try:
            self.state = 457
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [115]:
                localctx = ASN1Parser.EnumItemContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 443
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 451
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==99:
                    self.state = 444
                    self.match(ASN1Parser.LPAREN)
                    self.state = 447
                    self._errHandler.sync(self)
                    token = self._input.LA(1)
                    if token in [105, 116]:
                        self.state = 445
                        self.signedNumber()
                        pass
                    elif token in [113, 114, 115]:
                        self.state = 446
                        self.definedValue()
                        pass
                    else:
                        raise NoViableAltException(self)

                    self.state = 449
                    self.match(ASN1Parser.RPAREN)


                pass
            elif token in [94]:
                localctx = ASN1Parser.EnumExtensionMarkerContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 453
                self.match(ASN1Parser.ELLIPSIS)
                self.state = 455
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==111:
                    self.state = 454
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
        self.enterRule(localctx, 42, self.RULE_componentItem)
        self._la = 0 # Token type
        try:
            self.state = 490
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [115]:
                localctx = ASN1Parser.ComponentContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 459
                localctx.name = self.match(ASN1Parser.IDENTIFIER)
                self.state = 460
                self.type_()
                self.state = 464
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [61]:
                    self.state = 461
                    self.match(ASN1Parser.OPTIONAL)
                    pass
                elif token in [20]:
                    self.state = 462
                    self.match(ASN1Parser.DEFAULT)
                    self.state = 463
                    self.value()
                    pass
                elif token in [93, 98, 102]:
                    pass
                else:
                    pass
                pass
            elif token in [94]:
                localctx = ASN1Parser.ExtensionMarkerContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 466
                self.match(ASN1Parser.ELLIPSIS)
                self.state = 468
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==111:
                    self.state = 467
                    self.exceptionSpec()


                pass
            elif token in [101]:
                localctx = ASN1Parser.ExtensionAdditionGroupContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 470
                self.match(ASN1Parser.LBRACKET)
                self.state = 471
                self.match(ASN1Parser.LBRACKET)
                self.state = 474
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==116:
                    self.state = 472
                    self.match(ASN1Parser.NUMBER)
                    self.state = 473
                    self.match(ASN1Parser.COLON)


                self.state = 476
                self.componentItem()
                self.state = 481
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==93:
                    self.state = 477
                    self.match(ASN1Parser.COMMA)
                    self.state = 478
                    self.componentItem()
                    self.state = 483
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                self.state = 484
                self.match(ASN1Parser.RBRACKET)
                self.state = 485
                self.match(ASN1Parser.RBRACKET)
                pass
            elif token in [15]:
                localctx = ASN1Parser.ComponentsOfContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 487
                self.match(ASN1Parser.COMPONENTS)
                self.state = 488
                self.match(ASN1Parser.OF)
                self.state = 489
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
        self.enterRule(localctx, 44, self.RULE_definedObjectClass)
        try:
            self.state = 500
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [113, 114]:
                self.enterOuterAlt(localctx, 1)
                self.state = 495
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,57,self._ctx)
                if la_ == 1:
                    self.state = 492
                    self.typeReference()
                    self.state = 493
                    self.match(ASN1Parser.DOT)


                self.state = 497
                self.typeReference()
                pass
            elif token in [83]:
                self.enterOuterAlt(localctx, 2)
                self.state = 498
                self.match(ASN1Parser.TYPE_IDENTIFIER)
                pass
            elif token in [1]:
                self.enterOuterAlt(localctx, 3)
                self.state = 499
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
        self.enterRule(localctx, 46, self.RULE_fieldName)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 502
            self.match(ASN1Parser.AMPERSAND)
            self.state = 505
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [113, 114]:
                self.state = 503
                self.typeReference()
                pass
            elif token in [115]:
                self.state = 504
                self.match(ASN1Parser.IDENTIFIER)
                pass
            else:
                raise NoViableAltException(self)

            self.state = 515
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==96:
                self.state = 507
                self.match(ASN1Parser.DOT)
                self.state = 508
                self.match(ASN1Parser.AMPERSAND)
                self.state = 511
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [113, 114]:
                    self.state = 509
                    self.typeReference()
                    pass
                elif token in [115]:
                    self.state = 510
                    self.match(ASN1Parser.IDENTIFIER)
                    pass
                else:
                    raise NoViableAltException(self)

                self.state = 517
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
        self.enterRule(localctx, 48, self.RULE_typeReference)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 518
            _la = self._input.LA(1)
            if not(_la==113 or _la==114):
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
        self.enterRule(localctx, 50, self.RULE_constraint)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 520
            self.match(ASN1Parser.LPAREN)
            self.state = 521
            self.constraintSpec()
            self.state = 523
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==111:
                self.state = 522
                self.exceptionSpec()


            self.state = 525
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
        self.enterRule(localctx, 52, self.RULE_constraintSpec)
        self._la = 0 # Token type
        try:
            self.state = 546
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,65,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.SubtypeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 527
                self.elementSetSpecs()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.UserDefinedConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 528
                self.match(ASN1Parser.CONSTRAINED)
                self.state = 529
                self.match(ASN1Parser.BY)
                self.state = 530
                self.bracedTokens()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.ContentsConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 541
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [17]:
                    self.state = 531
                    self.match(ASN1Parser.CONTAINING)
                    self.state = 532
                    self.type_()
                    self.state = 536
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)
                    if _la==26:
                        self.state = 533
                        self.match(ASN1Parser.ENCODED)
                        self.state = 534
                        self.match(ASN1Parser.BY)
                        self.state = 535
                        self.value()


                    pass
                elif token in [26]:
                    self.state = 538
                    self.match(ASN1Parser.ENCODED)
                    self.state = 539
                    self.match(ASN1Parser.BY)
                    self.state = 540
                    self.value()
                    pass
                else:
                    raise NoViableAltException(self)

                pass

            elif la_ == 4:
                localctx = ASN1Parser.TableConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 543
                self.bracedTokens()
                self.state = 544
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
        self.enterRule(localctx, 54, self.RULE_elementSetSpecs)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 548
            localctx.root = self.elementSetSpec()
            self.state = 558
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==93:
                self.state = 549
                self.match(ASN1Parser.COMMA)
                self.state = 550
                localctx.extensionMark = self.match(ASN1Parser.ELLIPSIS)
                self.state = 552
                self._errHandler.sync(self)
                la_ = self._interp.adaptivePredict(self._input,66,self._ctx)
                if la_ == 1:
                    self.state = 551
                    self.exceptionSpec()


                self.state = 556
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==93:
                    self.state = 554
                    self.match(ASN1Parser.COMMA)
                    self.state = 555
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
        self.enterRule(localctx, 56, self.RULE_elementSetSpec)
        self._la = 0 # Token type
        try:
            self.state = 571
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [1, 3, 7, 8, 9, 11, 12, 13, 17, 18, 19, 24, 25, 28, 33, 34, 35, 36, 37, 38, 39, 44, 45, 46, 48, 50, 51, 52, 53, 54, 55, 56, 57, 58, 60, 62, 64, 65, 67, 68, 69, 70, 71, 72, 73, 77, 79, 80, 81, 82, 83, 86, 87, 88, 89, 90, 91, 97, 99, 101, 105, 113, 114, 115, 116, 117, 118, 119, 120, 121]:
                self.enterOuterAlt(localctx, 1)
                self.state = 560
                self.intersections()
                self.state = 565
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                while _la==84 or _la==106:
                    self.state = 561
                    _la = self._input.LA(1)
                    if not(_la==84 or _la==106):
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()
                    self.state = 562
                    self.intersections()
                    self.state = 567
                    self._errHandler.sync(self)
                    _la = self._input.LA(1)

                pass
            elif token in [2]:
                self.enterOuterAlt(localctx, 2)
                self.state = 568
                self.match(ASN1Parser.ALL)
                self.state = 569
                self.match(ASN1Parser.EXCEPT)
                self.state = 570
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
        self.enterRule(localctx, 58, self.RULE_intersections)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 573
            self.intersectionElements()
            self.state = 578
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while _la==47 or _la==107:
                self.state = 574
                _la = self._input.LA(1)
                if not(_la==47 or _la==107):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                self.state = 575
                self.intersectionElements()
                self.state = 580
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
        self.enterRule(localctx, 60, self.RULE_intersectionElements)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 581
            self.elements()
            self.state = 584
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==29:
                self.state = 582
                self.match(ASN1Parser.EXCEPT)
                self.state = 583
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
        self.enterRule(localctx, 62, self.RULE_elements)
        self._la = 0 # Token type
        try:
            self.state = 619
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,76,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.SingleValueContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 586
                self.value()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.ValueRangeContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 587
                localctx.lower = self.rangeEndpoint()
                self.state = 589
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==108:
                    self.state = 588
                    localctx.lowerOpen = self.match(ASN1Parser.LESS)


                self.state = 591
                self.match(ASN1Parser.RANGE)
                self.state = 593
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==108:
                    self.state = 592
                    localctx.upperOpen = self.match(ASN1Parser.LESS)


                self.state = 595
                localctx.upper = self.rangeEndpoint()
                pass

            elif la_ == 3:
                localctx = ASN1Parser.SizeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 597
                self.match(ASN1Parser.SIZE)
                self.state = 598
                self.constraint()
                pass

            elif la_ == 4:
                localctx = ASN1Parser.PermittedAlphabetContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 599
                self.match(ASN1Parser.FROM)
                self.state = 600
                self.constraint()
                pass

            elif la_ == 5:
                localctx = ASN1Parser.ParenthesizedElementSetContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 601
                self.match(ASN1Parser.LPAREN)
                self.state = 602
                self.elementSetSpec()
                self.state = 603
                self.match(ASN1Parser.RPAREN)
                pass

            elif la_ == 6:
                localctx = ASN1Parser.ContainedSubtypeContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 606
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==44:
                    self.state = 605
                    self.match(ASN1Parser.INCLUDES)


                self.state = 608
                self.type_()
                pass

            elif la_ == 7:
                localctx = ASN1Parser.InnerTypeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 609
                self.match(ASN1Parser.WITH)
                self.state = 610
                self.match(ASN1Parser.COMPONENT)
                self.state = 611
                self.constraint()
                pass

            elif la_ == 8:
                localctx = ASN1Parser.InnerTypeConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 612
                self.match(ASN1Parser.WITH)
                self.state = 613
                self.match(ASN1Parser.COMPONENTS)
                self.state = 614
                self.bracedTokens()
                pass

            elif la_ == 9:
                localctx = ASN1Parser.PatternConstraintContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 615
                self.match(ASN1Parser.PATTERN)
                self.state = 616
                self.value()
                pass

            elif la_ == 10:
                localctx = ASN1Parser.PropertySettingsContext(self, localctx)
                self.enterOuterAlt(localctx, 10)
                self.state = 617
                self.match(ASN1Parser.SETTINGS)
                self.state = 618
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
        self.enterRule(localctx, 64, self.RULE_rangeEndpoint)
        try:
            self.state = 624
            self._errHandler.sync(self)
            token = self._input.LA(1)
            if token in [17, 34, 52, 53, 54, 64, 82, 97, 105, 113, 114, 115, 116, 117, 118, 119, 120, 121]:
                self.enterOuterAlt(localctx, 1)
                self.state = 621
                self.value()
                pass
            elif token in [51]:
                self.enterOuterAlt(localctx, 2)
                self.state = 622
                self.match(ASN1Parser.MIN)
                pass
            elif token in [50]:
                self.enterOuterAlt(localctx, 3)
                self.state = 623
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
        self.enterRule(localctx, 66, self.RULE_exceptionSpec)
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 626
            self.match(ASN1Parser.EXCLAMATION)
            self.state = 630
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,78,self._ctx)
            if la_ == 1:
                self.state = 627
                self.type_()
                self.state = 628
                self.match(ASN1Parser.COLON)


            self.state = 632
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
        self.enterRule(localctx, 68, self.RULE_value)
        self._la = 0 # Token type
        try:
            self.state = 655
            self._errHandler.sync(self)
            la_ = self._interp.adaptivePredict(self._input,80,self._ctx)
            if la_ == 1:
                localctx = ASN1Parser.IntValueContext(self, localctx)
                self.enterOuterAlt(localctx, 1)
                self.state = 634
                self.signedNumber()
                pass

            elif la_ == 2:
                localctx = ASN1Parser.RealValueContext(self, localctx)
                self.enterOuterAlt(localctx, 2)
                self.state = 636
                self._errHandler.sync(self)
                _la = self._input.LA(1)
                if _la==105:
                    self.state = 635
                    self.match(ASN1Parser.MINUS)


                self.state = 638
                self.match(ASN1Parser.REAL_NUMBER)
                pass

            elif la_ == 3:
                localctx = ASN1Parser.SpecialRealValueContext(self, localctx)
                self.enterOuterAlt(localctx, 3)
                self.state = 639
                _la = self._input.LA(1)
                if not(((((_la - 52)) & ~0x3f) == 0 and ((1 << (_la - 52)) & 4099) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 4:
                localctx = ASN1Parser.BoolValueContext(self, localctx)
                self.enterOuterAlt(localctx, 4)
                self.state = 640
                _la = self._input.LA(1)
                if not(_la==34 or _la==82):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 5:
                localctx = ASN1Parser.NullValueContext(self, localctx)
                self.enterOuterAlt(localctx, 5)
                self.state = 641
                self.match(ASN1Parser.NULL)
                pass

            elif la_ == 6:
                localctx = ASN1Parser.StringValueContext(self, localctx)
                self.enterOuterAlt(localctx, 6)
                self.state = 642
                self.match(ASN1Parser.CSTRING)
                pass

            elif la_ == 7:
                localctx = ASN1Parser.BitsValueContext(self, localctx)
                self.enterOuterAlt(localctx, 7)
                self.state = 643
                _la = self._input.LA(1)
                if not(((((_la - 119)) & ~0x3f) == 0 and ((1 << (_la - 119)) & 7) != 0)):
                    self._errHandler.recoverInline(self)
                else:
                    self._errHandler.reportMatch(self)
                    self.consume()
                pass

            elif la_ == 8:
                localctx = ASN1Parser.ValueRefContext(self, localctx)
                self.enterOuterAlt(localctx, 8)
                self.state = 644
                self.definedValue()
                pass

            elif la_ == 9:
                localctx = ASN1Parser.BracedValueContext(self, localctx)
                self.enterOuterAlt(localctx, 9)
                self.state = 645
                self.bracedTokens()
                pass

            elif la_ == 10:
                localctx = ASN1Parser.ChoiceValueContext(self, localctx)
                self.enterOuterAlt(localctx, 10)
                self.state = 646
                self.match(ASN1Parser.IDENTIFIER)
                self.state = 647
                self.match(ASN1Parser.COLON)
                self.state = 648
                self.value()
                pass

            elif la_ == 11:
                localctx = ASN1Parser.OpenTypeValueContext(self, localctx)
                self.enterOuterAlt(localctx, 11)
                self.state = 649
                self.typeReference()
                self.state = 650
                self.match(ASN1Parser.COLON)
                self.state = 651
                self.value()
                pass

            elif la_ == 12:
                localctx = ASN1Parser.ContainingValueContext(self, localctx)
                self.enterOuterAlt(localctx, 12)
                self.state = 653
                self.match(ASN1Parser.CONTAINING)
                self.state = 654
                self.value()
                pass


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
        self.enterRule(localctx, 70, self.RULE_signedNumber)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 658
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==105:
                self.state = 657
                self.match(ASN1Parser.MINUS)


            self.state = 660
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
        self.enterRule(localctx, 72, self.RULE_definedValue)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 665
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            if _la==113 or _la==114:
                self.state = 662
                localctx.module = self.typeReference()
                self.state = 663
                self.match(ASN1Parser.DOT)


            self.state = 667
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
        self.enterRule(localctx, 74, self.RULE_bracedTokens)
        self._la = 0 # Token type
        try:
            self.enterOuterAlt(localctx, 1)
            self.state = 669
            self.match(ASN1Parser.LBRACE)
            self.state = 674
            self._errHandler.sync(self)
            _la = self._input.LA(1)
            while (((_la) & ~0x3f) == 0 and ((1 << _la) & -2) != 0) or ((((_la - 64)) & ~0x3f) == 0 and ((1 << (_la - 64)) & 2305842992033824767) != 0):
                self.state = 672
                self._errHandler.sync(self)
                token = self._input.LA(1)
                if token in [97]:
                    self.state = 670
                    self.bracedTokens()
                    pass
                elif token in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124]:
                    self.state = 671
                    _la = self._input.LA(1)
                    if _la <= 0 or _la==97 or _la==98:
                        self._errHandler.recoverInline(self)
                    else:
                        self._errHandler.reportMatch(self)
                        self.consume()
                    pass
                else:
                    raise NoViableAltException(self)

                self.state = 676
                self._errHandler.sync(self)
                _la = self._input.LA(1)

            self.state = 677
            self.match(ASN1Parser.RBRACE)
        except RecognitionException as re:
            localctx.exception = re
            self._errHandler.reportError(self, re)
            self._errHandler.recover(self, re)
        finally:
            self.exitRule()
        return localctx





