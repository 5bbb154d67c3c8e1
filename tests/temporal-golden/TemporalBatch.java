import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import edu.mit.csail.sdg.alloy4.A4Reporter;
import edu.mit.csail.sdg.alloy4.Err;
import edu.mit.csail.sdg.ast.Command;
import edu.mit.csail.sdg.parser.CompModule;
import edu.mit.csail.sdg.parser.CompUtil;
import edu.mit.csail.sdg.translator.A4Options;
import edu.mit.csail.sdg.translator.A4Solution;
import edu.mit.csail.sdg.translator.TranslateAlloyToKodkod;
import kodkod.engine.satlab.SATFactory;

/**
 * Batch front end to the Alloy 6 core for the temporal golden tests (generate.py next to this
 * file). One JVM solves many models. For each model it parses the file
 * (CompUtil.parseEverything_fromFile, resolution mode 1), takes its only command and calls
 * TranslateAlloyToKodkod.execute_command with A4Options defaults except solver = SAT4J
 * (SATFactory.DEFAULT) and symmetry = 0.
 *
 * Input, one line per job:   FILE<TAB>CAP<TAB>COUNT_MS
 * Output, one line per job:  ok<TAB>SAT|UNSAT<TAB>LEN<TAB>LOOP<TAB>COUNT<TAB>MS<TAB>MIN<TAB>MAX<TAB>COMMAND
 *                         or error<TAB>MESSAGE
 *
 * LEN and LOOP describe Alloy's first solution: A4Solution.getTraceLength() (number of states
 * of the lasso's prefix, i.e. states 0..LEN-1) and A4Solution.getLoopState() (the state that
 * follows state LEN-1); both "-" when UNSAT. MIN and MAX are A4Solution.getMinTrace() and
 * getMaxTrace(), the steps scope Alloy resolved for the command.
 *
 * COUNT is the number of solutions A4Solution.next() yields, starting with the first one,
 * until an unsatisfiable one; it is written as "-N" when the enumeration was stopped after N
 * solutions because it reached CAP or took more than COUNT_MS milliseconds in total
 * (translation, solving and enumeration). With Pardinus' temporal iterator, next() is a
 * "next path": the static relations stay fixed to the first solution's values and each
 * further solution is a different trace (as an infinite sequence of states) of that
 * configuration, over trace lengths up to MAX.
 *
 * Compile: javac -cp /work/alloy-build/alloy.jar -d OUT TemporalBatch.java
 */
public class TemporalBatch {

    static String oneLine(String s) {
        return s == null ? "" : s.replace("\r", "").replace('\n', ' ').replace('\t', ' ').trim();
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String job;
        while ((job = in.readLine()) != null) {
            if (job.isEmpty())
                continue;
            String[] p = job.split("\t");
            System.out.println(solve(p[0], Long.parseLong(p[1]), Long.parseLong(p[2])));
            System.out.flush();
        }
    }

    static String solve(String file, long cap, long countMs) {
        try {
            Map<String,String> loaded = new LinkedHashMap<>();
            CompModule world = CompUtil.parseEverything_fromFile(A4Reporter.NOP, loaded, file, 1);
            List<Command> cmds = world.getAllCommands();
            if (cmds.size() != 1)
                return "error\texpected one command, found " + cmds.size();
            Command cmd = cmds.get(0);
            A4Options opt = new A4Options();
            opt.solver = SATFactory.DEFAULT;
            opt.symmetry = 0;
            opt.originalFilename = file;
            long t0 = System.nanoTime();
            A4Solution sol = TranslateAlloyToKodkod.execute_command(A4Reporter.NOP, world.getAllReachableSigs(), cmd, opt);
            boolean sat = sol.satisfiable();
            String len = "-", loop = "-";
            if (sat) {
                len = Integer.toString(sol.getTraceLength());
                loop = Integer.toString(sol.getLoopState());
            }
            int min = sol.getMinTrace(), max = sol.getMaxTrace();
            long firstMs = (System.nanoTime() - t0) / 1000000;
            long n = 0;
            boolean gaveUp = false;
            while (sol.satisfiable()) {
                n++;
                if (n >= cap || (System.nanoTime() - t0) / 1000000 > countMs) {
                    gaveUp = true;
                    break;
                }
                sol = sol.next();
            }
            if ((System.nanoTime() - t0) / 1000000 > countMs)
                gaveUp = true;
            return "ok\t" + (sat ? "SAT" : "UNSAT") + "\t" + len + "\t" + loop + "\t" + (gaveUp ? "-" + n : Long.toString(n)) + "\t" + firstMs + "\t" + min + "\t" + max + "\t" + oneLine(cmd.toString());
        } catch (Err e) {
            return "error\t" + (e.pos == null ? "?" : e.pos.y + ":" + e.pos.x) + " " + oneLine(e.msg);
        } catch (Throwable e) {
            return "error\t" + oneLine(e.toString());
        }
    }
}
